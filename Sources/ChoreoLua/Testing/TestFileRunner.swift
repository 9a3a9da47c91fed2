import ChoreoRuntime

/// Runs the tests of one file: loads it once to collect its tests, then loads it again in a
/// fresh session for each selected test and runs that test with its hooks.
struct TestFileRunner: Sendable {
    let configuration: SceneTestRunner.Configuration

    func run(_ file: SceneTestFile) -> TestFileResult {
        let source: String
        do { source = try ScriptFile.read(file.path) } catch {
            return TestFileResult(file: file, loadFailure: TestFailure(kind: .error, message: "\(error)"))
        }
        let snapshots = SnapshotBook(
            file: file, updating: configuration.updateSnapshots,
            files: FileSandbox(sceneDirectory: ScriptFile.directory(of: file.path), allowedRoots: configuration.allowedRoots))
        let (declared, output, loadFailure) = collect(file, source: source, snapshots: snapshots)
        if let loadFailure { return TestFileResult(file: file, loadFailure: loadFailure, output: output) }
        guard !declared.isEmpty else {
            let message = "\(file.path): the file declares no tests (add one with it(name, function() ... end))"
            return TestFileResult(file: file, loadFailure: TestFailure(kind: .error, message: message), output: output)
        }
        let selects = configuration.filter?.matcher()
        var results: [TestCaseResult] = []
        for (index, test) in declared.enumerated() where selects?(test.fullName) ?? true {
            results.append(runTest(index, declared: test, file: file, source: source, snapshots: snapshots))
        }
        if selects == nil, results.allSatisfy(\.passed), let orphans = snapshots.checkOrphanedImages() {
            results.append(orphans)
        }
        return TestFileResult(file: file, tests: results, output: output, snapshotsWritten: snapshots.written)
    }

    /// Loads the file once to learn its tests (its Lua state is gone when this returns).
    private func collect(_ file: SceneTestFile, source: String, snapshots: SnapshotBook)
        -> (tests: [TestSession.DeclaredTest], output: [String], failure: TestFailure?)
    {
        let collector: TestSession
        do {
            collector = try TestSession(file: file, source: source, mode: .collecting,
                                        configuration: configuration, snapshots: snapshots)
        } catch {
            return ([], [], TestFailure(kind: .error, message: "\(error)"))
        }
        defer { collector.close() }
        do { try collector.load() } catch { return ([], collector.output, collector.failure(for: error)) }
        return (collector.tests, collector.output, nil)
    }

    /// Loads the file in a fresh session that keeps test `index`, then runs its `beforeEach`
    /// hooks (outermost first), the test, and its `afterEach` hooks (innermost first; they run
    /// even when the test failed). The first failure is the test's.
    private func runTest(_ index: Int, declared: TestSession.DeclaredTest, file: SceneTestFile, source: String,
                         snapshots: SnapshotBook) -> TestCaseResult {
        let session: TestSession
        do {
            session = try TestSession(file: file, source: source, mode: .running(test: index),
                                      configuration: configuration, snapshots: snapshots)
        } catch {
            return TestCaseResult(path: declared.path, failure: TestFailure(kind: .error, message: "\(error)"))
        }
        defer { session.close() }
        do { try session.load() } catch {
            return TestCaseResult(path: declared.path, failure: session.failure(for: error))
        }
        guard let selected = session.selected, session.tests.count > index, session.tests[index].path == declared.path else {
            let message = "\(file.path): the file declared different tests when it was loaded again for "
                + "'\(declared.fullName)' (a test file must declare the same tests every time it runs)"
            return TestCaseResult(path: declared.path, failure: TestFailure(kind: .error, message: message))
        }
        session.output.removeAll()  // the top level's prints belong to the file, reported once
        session.currentTest = declared.fullName
        let hooks = session.hooks(around: selected.block)
        var failure: TestFailure?
        do {
            for hook in hooks.before { try session.runTestCode(hook) }
            try session.runTestCode(selected.function)
        } catch {
            failure = session.failure(for: error)
        }
        for hook in hooks.after {
            do { try session.runTestCode(hook) } catch { failure = failure ?? session.failure(for: error) }
        }
        return TestCaseResult(path: declared.path, failure: failure, output: session.output)
    }
}
