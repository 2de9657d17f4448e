# The release build's flags, sourced by .ci/run and the scripts that build wsctl and wsbench
# (one configuration, so nothing is compiled twice); the README's install line spells them out.
#
# On Linux a fully static executable (no shared libraries to load and bind at start-up), and
# concrete generic metadata (`[Node]`, `[NodeID: Node]`, ...) reached through the metadata
# accessors instead of by mangled name: by name, the runtime demangles the type at its first
# use and looks each generic requirement's conformance up by scanning every conformance in
# the binary, about half of a short `wsctl` call's instructions (README, "Live control").
# On macOS neither applies: the system has the Swift runtime.
if [ "$(uname -s)" = Linux ]; then
  release_flags=(-c release -Xswiftc -static-executable
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
else
  release_flags=(-c release)
fi
