import Workspace
import WorkspaceJSON

/// `template export FILE [NAME]...`: a templates file of the workspace's templates (or of
/// `--from FILE`'s), the format `--from` reads.
///
/// The templates are read where the workspace is: a live host hands over its own, which may
/// be newer than the file, as `template export -` prints them; the file is always written by
/// `wsctl` itself, so a relative FILE is the caller's and a host never writes a file a peer
/// names (see `Tool`). Both modes run ``exportedTemplates(of:names:word:)`` and
/// ``export(_:to:force:options:)``, so they print and exit alike.
extension Runner {
  /// The templates a call exports: those named, in the library's order, or all of them.
  ///
  /// - Parameters:
  ///   - library: The templates of the workspace or of `--from FILE`.
  ///   - names: The names given; empty for all. A name given twice is exported once.
  ///   - word: The step's first word, for the message of an unknown name.
  /// - Returns: The templates to write.
  /// - Throws: A ``Failure`` for a name the library does not hold (exit 1), naming the
  ///   templates there are, as `template show` does.
  /// - Complexity: O(*k* log *t*), for *k* names among *t* templates.
  static func exportedTemplates(
    of library: TemplateLibrary, names: [String], word: Int
  ) throws(Failure) -> TemplateLibrary {
    guard !names.isEmpty else { return library }
    var selected = TemplateLibrary()
    for name in names where selected[name] == nil {
      do {
        try selected.insert(library.template(named: name))
      } catch {
        throw Failure(error, atWord: word)
      }
    }
    return selected
  }

  /// Writes the templates to FILE (`-`: returns the file's text, for standard output) and
  /// returns what the call prints.
  ///
  /// An existing FILE is refused unless `force`; the file is written atomically
  /// (``TemplatesFile/write(_:to:)``). A dry run writes nothing and says what it would
  /// write. Text output is silent otherwise, as an edit is; `--json` reports the file and the
  /// templates' names.
  ///
  /// - Throws: A ``Failure`` with exit 73 for an existing FILE without `force`, or one that
  ///   cannot be written.
  static func export(
    _ library: TemplateLibrary, to file: String, force: Bool, options: Invocation.Options
  ) throws(Failure) -> String {
    let bytes = TemplatesFile.encode(library)
    if file == Invocation.standardOutput { return String(decoding: bytes, as: UTF8.self) }
    if !force, FileSystem.exists(file) {
      throw Failure(
        message: "'\(file)' already exists; 'template export --force' replaces it",
        exitCode: .cannotCreate)
    }
    if !options.dryRun {
      do {
        try TemplatesFile.write(library, to: file)
      } catch {
        throw Failure(error)
      }
    }
    if options.json {
      let report: JSONObject = [
        "file": .string(file), "templates": .array(library.names.map(JSONValue.string)),
        "written": .bool(!options.dryRun),
      ]
      return JSONWriter.string(.object(report))
    }
    guard options.dryRun else { return "" }
    let count = library.templates.count
    return "dry run (not written): \(count) template\(count == 1 ? "" : "s") to \(file)"
      .escapedForTerminal + "\n"
  }
}
