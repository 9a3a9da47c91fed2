import ArgumentParser

/// `choreo-bench`: runs a benchmark scenario several times and reports the median.
@main
struct ChoreoBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreo-bench",
        abstract: "Measure Choreo's hot paths; ratios against a baseline measured in the same run.")

    @Option(help: "The scenario to run (see --list).") var scenario: String?
    @Flag(help: "List the scenarios.") var list = false
    @Flag(help: "Print the result as JSON.") var json = false
    @Option(help: "How many times to run the scenario.") var runs: Int = 5
    @Flag(help: .hidden) var quick = false

    func validate() throws {
        if !list && scenario == nil { throw ValidationError("give --scenario NAME or --list") }
        if let scenario, Scenario.named(scenario) == nil {
            throw ValidationError("unknown scenario '\(scenario)'; valid: " + Scenario.all.map(\.name).joined(separator: ", "))
        }
        if runs < 1 { throw ValidationError("--runs must be at least 1") }
    }

    func run() throws {
        if list {
            for scenario in Scenario.all { print("\(scenario.name)\t\(scenario.summary)") }
            return
        }
        guard let scenario = scenario.flatMap(Scenario.named) else { return }
        let result = scenario.measure(runs: runs, size: quick ? .quick : .full)
        print(json ? result.json : result.text)
    }
}
