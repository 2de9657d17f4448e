import PaneRouter
import Testing

@testable import Workspace

@Suite struct TemplateTextTests {
  @Test(arguments: [
    ("", [String]()),
    ("plain", []),
    ("{project}", ["project"]),
    ("{a}-{b}:{a}", ["a", "b"]),
    ("{{literal}}", []),
    ("{{{name}}}", ["name"]),
    ("{projet_été}", ["projet_été"]),
    ("{日本}", ["日本"]),
    ("{v1.2-x}", ["v1.2-x"]),
  ])
  func placeholdersInOrderOfFirstAppearance(text: String, expected: [String]) throws {
    #expect(try TemplateText.placeholders(in: text) == expected)
  }

  @Test(arguments: [
    ("{", 0, TemplateTextError.Problem.unclosedBrace),
    ("ab{cd", 2, .unclosedBrace),
    ("{}", 0, .emptyPlaceholder),
    ("x {a b}", 2, .invalidName("a b")),
    ("{-a}", 0, .invalidName("-a")),
    ("{a{b}", 0, .invalidName("a{b")),
    ("}", 0, .unmatchedBrace),
    ("a}b", 1, .unmatchedBrace),
    ("é{", 1, .unclosedBrace),
  ])
  func malformedTextNamesTheBrace(
    text: String, offset: Int, problem: TemplateTextError.Problem
  ) {
    #expect(throws: TemplateTextError(text: text, offset: offset, problem: problem)) {
      try TemplateText.placeholders(in: text)
    }
  }

  @Test func messageQuotesTheTextAndSaysHowToWriteABrace() {
    let error = TemplateTextError(text: "a {b", offset: 2, problem: .unclosedBrace)
    #expect(
      error.description
        == "unclosed '{' at offset 2 in 'a {b' (write '{{' or '}}' for a literal brace)")
  }

  @Test(arguments: [
    ("{p}: {{draft}}", ["p": "mail"], "mail: {draft}"),
    ("{a}{a}", ["a": "é"], "éé"),
    ("{a}", ["a": "{b}"], "{b}"),
    ("none", [:], "none"),
  ])
  func fillingReplacesEachPlaceholderOnce(
    text: String, values: [String: String], expected: String
  ) {
    #expect(TemplateText.filled(text, with: values) == expected)
  }

  @Test(arguments: ["", "plain", "{", "}", "a{b}c", "{{"])
  func escapedLiteralFillsBackToItself(literal: String) throws {
    let text = TemplateText.escaped(literal)
    #expect(try TemplateText.placeholders(in: text) == [])
    #expect(TemplateText.filled(text, with: [:]) == literal)
  }

  @Test(arguments: [
    ("dev", true), ("dépôt-2", true), ("日本語", true), ("a.b_c", true), ("_x", true),
    ("", false), ("a b", false), ("-x", false), (".x", false), ("a/b", false), ("a=b", false),
    ("{a}", false), ("tab\t", false), (String(repeating: "x", count: 129), false),
    (String(repeating: "x", count: 128), true),
  ])
  func validNames(name: String, isValid: Bool) {
    #expect(WorkspaceTemplate.isValidName(name) == isValid)
  }

  @Test(arguments: [
    (RouteToken(name: "detail", arguments: ["{id}"]), "detail:{id}"),
    (RouteToken(name: "a", arguments: ["x {y}", "%7B"]), "a:x%20{y}:%257B"),
    (RouteToken(name: "plain", arguments: ["7"]), "plain:7"),
  ])
  func templateSpellingKeepsBracesAndParsesBack(token: RouteToken, spelling: String) throws {
    #expect(WorkspaceTemplate.spelling(of: token) == spelling)
    #expect(try RouteToken(parsing: spelling) == token)
  }
}
