# The release build's flags, sourced by .ci/run and the scripts that build wsctl and wsbench
# (one configuration, so nothing is compiled twice); the README's install line spells them out.
#
# On Linux a fully static executable (no shared libraries to load and bind at start-up), and
# concrete generic metadata (`[Node]`, `[NodeID: Node]`, ...) reached through the metadata
# accessors instead of by mangled name: by name, the runtime demangles the type at its first
# use and looks each generic requirement's conformance up by scanning every conformance in
# the binary, about half of a short `wsctl` call's instructions (README, "Live control").
#
# Then the code and data a short call touches, side by side: each function and global in a
# section of its own (`-function-sections`), linked by lld in the order of scripts/wsctl.order
# (made by scripts/wsctl-order.sh), so `wsctl routes` to a live host faults in about 85
# pages instead of 195, scattered over 12 MB of code and 3 MB of data (README, "Live
# control"). A symbol the order names that an executable lacks is skipped without a warning.
# On macOS none of this applies: the system has the Swift runtime.
if [ "$(uname -s)" = Linux ]; then
  # By its absolute path, wherever `swift build` runs (the README's line names it from the
  # repository's root).
  wsctl_order="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/wsctl.order"
  release_flags=(-c release -Xswiftc -static-executable
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
    -Xlinker "--symbol-ordering-file=$wsctl_order" -Xlinker --no-warn-symbol-ordering)
else
  release_flags=(-c release)
fi
