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
    @Option(help: "How many times to run the scenario (default 5; soak: 1).") var runs: Int?
    @Option(help: "How long a real-time scenario runs, in seconds (soak: default 3600).") var seconds: Double?
    @Flag(help: .hidden) var quick = false

    func validate() throws {
        if !list && scenario == nil { throw ValidationError("give --scenario NAME or --list") }
        if let scenario, Scenario.named(scenario) == nil {
            throw ValidationError("unknown scenario '\(scenario)'; valid: " + Scenario.all.map(\.name).joined(separator: ", "))
        }
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
        if let seconds, !(seconds.isFinite && seconds > 0) { throw ValidationError("--seconds must be a number > 0") }
    }

    func run() throws {
        if list {
            for scenario in Scenario.all { print("\(scenario.name)\t\(scenario.summary)") }
            return
        }
        guard let scenario = scenario.flatMap(Scenario.named) else { return }
        var size = quick ? WorkloadSize.quick : .full
        size.seconds = seconds
        let result = scenario.measure(runs: runs ?? scenario.defaultRuns, size: size)
        print(json ? result.json : result.text)
    }
}
