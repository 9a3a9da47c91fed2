import ArgumentParser

/// The `choreo` command line (DESIGN §7).
///
/// Exit status: 0 on success, 1 when the work failed (a script error, a failing test), 2 on a
/// usage error (a bad option, an unknown curve name) — ArgumentParser's own 64 is mapped to 2.
@main
struct Choreo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreo",
        abstract: "Choreo: UIKit and Core Animation's animation model on Linux, scripted in Lua.",
        subcommands: [
            RunCommand.self, TraceCommand.self, CurvesCommand.self, TestCommand.self, RenderCommand.self,
            PluginsCommand.self,
        ])

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as ScriptFailure {
            writeToStandardError(failure.message + "\n")
            exit(withError: ExitCode(1))
        } catch let failure as RenderFailure {
            writeToStandardError(failure.description + "\n")
            exit(withError: ExitCode(1))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                writeToStandardError(fullMessage(for: error) + "\n")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
