import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The `choreo` command line (DESIGN §7).
///
/// Exit status: 0 on success, 1 when the work failed (a script error, a failing test), 2 on a
/// usage error (a bad option, an unknown curve name) — ArgumentParser's own 64 is mapped to 2.
/// Every output is checked: a write that fails (a full disk, `/dev/full`, a closed pipe) is an
/// error with exit status 1, standard output included.
@main
struct Choreo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choreo",
        abstract: "Choreo: UIKit and Core Animation's animation model on Linux, scripted in Lua.",
        subcommands: [
            RunCommand.self, TraceCommand.self, CurvesCommand.self, TestCommand.self, RenderCommand.self,
            PluginsCommand.self, PreviewCommand.self,
        ])

    static func main() {
        // A closed pipe makes writes fail with EPIPE (reported below) instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
            try OutputFile.standardOutput().finish()
        } catch let failure as OutputFile.WriteError {
            writeToStandardError("choreo: \(failure)\n")
            exit(withError: ExitCode(1))
        } catch let failure as ScriptFailure {
            writeToStandardError(failure.message + "\n")
            exit(withError: ExitCode(1))
        } catch let failure as RenderFailure {
            writeToStandardError(failure.description + "\n")
            exit(withError: ExitCode(1))
        } catch let failure as PreviewFailure {
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
