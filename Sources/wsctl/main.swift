import WorkspaceControl
import WorkspaceSystem

exit(Tool.main())
