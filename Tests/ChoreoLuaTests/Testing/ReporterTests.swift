import Foundation
import Testing
@testable import ChoreoLua
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Scene tests: reporters")
struct ReporterTests {
    /// Two files: passes, an expectation failure, an error, prints, markup and a `#` in names;
    /// and a file that fails to load.
    private func mixedReport() throws -> (SceneTestFolder, SceneTestReport) {
        let folder = try SceneTestFolder([
            "a_test.lua": """
                print("top <level> & more")
                describe("values #1", function()
                  it("passes", function() print("said \\"hi\\"\\tthere") end)
                  it("fails <badly> & 'loudly'", function() expect("\\1<x>").toBe("y") end)
                  it("errors", function() error("boom") end)
                end)
                """,
            "b_test.lua": "it('x', function()\n",
        ])
        return (folder, try folder.run())
    }

    @Test("TAP output has a version line, numbered points, YAML diagnostics and a plan that counts them")
    func tap() throws {
        let (folder, report) = try mixedReport()
        let lines = report.rendered(.tap).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.last == "")
        var points: [(ok: Bool, number: Int, description: String)] = []
        var inYAML = false
        var plan: Int?
        for line in lines.dropFirst().dropLast() {
            if inYAML {
                #expect(line.isEmpty || line.hasPrefix("  "), "YAML lines are indented: \(line)")
                if line == "  ..." { inYAML = false }
            } else if line == "  ---" {
                #expect(points.last?.ok == false, "diagnostics follow a failing point")
                inYAML = true
            } else if let match = line.wholeMatch(of: /(not )?ok (\d+) - (.+)/) {
                points.append((match.1 == nil, Int(match.2)!, String(match.3)))
            } else if let match = line.wholeMatch(of: /1\.\.(\d+)/) {
                plan = Int(match.1)
            } else {
                #expect(line.hasPrefix("# "), "only comments between points: \(line)")
            }
        }
        #expect(!inYAML)
        #expect(plan == points.count)
        #expect(points.map(\.number) == Array(1...4))
        #expect(points.map(\.ok) == [true, false, false, false])
        #expect(points[0].description == "\(folder.path)/a_test.lua › values \\#1 › passes")
        #expect(points[3].description == "\(folder.path)/b_test.lua (failed to load)")
        #expect(lines.contains("  severity: fail") && lines.contains("  severity: error"))
        #expect(lines.contains("    \(folder.path)/a_test.lua:4: expect(received).toBe(expected)"))
        #expect(lines.contains("# said \"hi\"\tthere"))
        #expect(lines.dropLast().last == "# 1 passed, 3 failed")
    }

    @Test("JUnit XML parses with a real XML parser and counts tests, failures and errors")
    func junit() throws {
        let (folder, report) = try mixedReport()
        let xml = report.rendered(.junit)
        let document = try XMLDocumentModel(parsing: xml)
        let root = try #require(document.root)
        #expect(root.name == "testsuites")
        #expect(root.attributes["tests"] == "4" && root.attributes["failures"] == "1" && root.attributes["errors"] == "2")
        #expect(root.children.map { $0.attributes["name"] } == ["\(folder.path)/a_test.lua", "\(folder.path)/b_test.lua"])
        for suite in root.children {
            let cases = suite.children.filter { $0.name == "testcase" }
            #expect(suite.attributes["tests"] == String(cases.count))
            #expect(suite.attributes["failures"] == String(cases.count { $0.children.contains { $0.name == "failure" } }))
            #expect(suite.attributes["errors"] == String(cases.count { $0.children.contains { $0.name == "error" } }))
        }
        let cases = root.children[0].children.filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["values #1 › passes", "values #1 › fails <badly> & 'loudly'", "values #1 › errors"])
        let failure = try #require(cases[1].children.first)
        #expect(failure.name == "failure" && failure.attributes["type"] == "expectation")
        #expect(failure.attributes["message"] == "\(folder.path)/a_test.lua:4: expect(received).toBe(expected)")
        #expect(failure.text.contains("Received: \"\\1<x>\""))
        #expect(cases[2].children.first?.text.contains("stack traceback:") == true)
        #expect(cases[0].children.first?.name == "system-out")
        #expect(cases[0].children.first?.text == "said \"hi\"\tthere")
        #expect(root.children[0].children.last?.text == "top <level> & more")
        #expect(root.children[1].children.first?.attributes["name"] == "failed to load")
    }

    @Test("The pretty reporter marks files and tests and ends with the summary line CI reads")
    func pretty() throws {
        let (folder, report) = try mixedReport()
        let text = report.rendered(.pretty)
        #expect(text.hasPrefix("FAIL \(folder.path)/a_test.lua\n    > top <level> & more\n  ✓ values #1 › passes\n"))
        #expect(text.contains("  ✗ values #1 › errors\n      \(folder.path)/a_test.lua:5: boom\n      stack traceback:\n"))
        #expect(text.contains("FAIL \(folder.path)/b_test.lua\n  ✗ failed to load\n"))
        #expect(text.hasSuffix("\n\n1 passed, 3 failed\n"))
        #expect(!text.contains("\u{1B}["))
        var colored = PrettyReporter(colors: true)
        let painted = colored.render(report)
        #expect(painted.contains("\u{1B}[31mFAIL\u{1B}[0m") && painted.hasSuffix("\n1 passed, 3 failed\n"))
    }
}

/// A parsed XML document (elements, attributes, text), built with Foundation's XMLParser.
final class XMLDocumentModel: NSObject, XMLParserDelegate {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    struct ParseError: Error { var description: String }

    private(set) var root: Element?
    private var stack: [Element] = []

    init(parsing text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw ParseError(description: parser.parserError.map { "\($0)" } ?? "invalid XML")
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let element = Element(name: name, attributes: attributes)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}

@Suite("Scene tests: JUnit escaping")
struct JUnitEscapingTests {
    @Test("Markup becomes entities and characters XML 1.0 forbids become visible escapes")
    func escaping() throws {
        #expect(JUnitReporter.escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        #expect(JUnitReporter.escape("bell\u{7}\nline") == "bell\\u{7}&#10;line")
        #expect(JUnitReporter.escape("bell\u{7}\nline", inAttribute: false) == "bell\\u{7}\nline")
        let parsed = try XMLDocumentModel(parsing: "<r a=\"\(JUnitReporter.escape("x\ny\u{1}"))\"/>")
        #expect(parsed.root?.attributes["a"] == "x\ny\\u{1}")
    }
}
