import Foundation
import Workspace

// The mail host: see `MailHost` and `Samples/README.md`.
let status = await MailHost.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
