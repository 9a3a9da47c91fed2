import Testing
@testable import ChoreoLua

@Suite("Scene tests: parallel runs")
struct ParallelRunTests {
    @Test("Two or more jobs give the same results and byte-identical output as one job")
    func jobsDoNotChangeResults() throws {
        let folder = try SceneTestFolder()
        for index in 0..<12 {
            try folder.write("set\(index % 3)/file\(index)_test.lua", """
                print("loading \(index)")
                describe("file \(index)", function()
                  it("passes", function()
                    after(0.1 * \(index), function() print("tick at " .. CACurrentMediaTime()) end)
                    advance(2)
                    expect({index = \(index), list = {1, 2}}).toEqual({index = \(index), list = {1, 2}})
                  end)
                  it("fails", function() expect({a = \(index)}).toEqual({a = -1, b = {c = true}}) end)
                  it("errors", function() local t = nil; return t[\(index)] end)
                end)
                \(index == 5 ? "while true do end" : "")
                """)
        }
        var order: [[String]] = [[], [], []]
        let reports = try [1, 2, 5].enumerated().map { slot, jobs in
            try SceneTestRunner(configuration: folder.configuration { $0.jobs = jobs }).run { order[slot].append($0.file.path) }
        }
        #expect(reports[0].files.count == 12)
        #expect(reports[0].summary == "11 passed, 23 failed")
        for report in reports.dropFirst() {
            #expect(report == reports[0])
            for kind in SceneTestReporterKind.allCases { #expect(report.rendered(kind) == reports[0].rendered(kind)) }
        }
        #expect(order[1] == order[0] && order[2] == order[0])
        #expect(order[0] == reports[0].files.map(\.file.path))
    }
}
