import ChoreoRuntime

/// One load of a test file in a fresh `ScriptHost`, with the test API installed: either
/// collecting the file's tests, or keeping one of them to run.
///
/// `describe` bodies run while the file loads, so every load sees the same tree of blocks and
/// tests; `it` only records its test (and, when it is the one to run, keeps its function).
/// Hooks belong to the block they are declared in.
final class TestSession {
    enum Mode: Equatable {
        case collecting
        case running(test: Int)
    }

    /// A `describe` block, or the file itself (block 0, without a name).
    struct Block {
        var name: String?
        var parent: Int?
        var beforeEach: [LuaFunctionRef] = []
        var afterEach: [LuaFunctionRef] = []
    }

    /// A test as `it` declared it: its name path and its block.
    struct DeclaredTest {
        var path: [String]
        var block: Int
        var fullName: String { path.joined(separator: SceneTestFile.nameSeparator) }
    }

    let host: ScriptHost
    let file: SceneTestFile
    let source: String
    let mode: Mode
    let configuration: SceneTestRunner.Configuration
    let snapshots: SnapshotBook

    private(set) var blocks = [Block(name: nil, parent: nil)]
    var currentBlock = 0
    private(set) var tests: [DeclaredTest] = []
    /// The test to run and its block (running mode, once the file has declared it).
    private(set) var selected: (function: LuaFunctionRef, block: Int)?
    /// The full name of the test being run (for snapshot bookkeeping).
    var currentTest: String?
    /// Whether test code (a hook or a test) is running: `describe`, `it` and hooks are refused.
    var isInTest = false
    /// The messages of the expectations that failed, so that the error they raise can be told
    /// from other errors when it ends the test.
    var failedExpectations: Set<String> = []
    /// What the script printed.
    var output: [String] = []
    /// Lua's own `string.find`, taken before test code can replace it (toThrow, toMatch).
    var findPattern: LuaFunctionRef?

    init(file: SceneTestFile, source: String, mode: Mode, configuration: SceneTestRunner.Configuration,
         snapshots: SnapshotBook) throws {
        host = try ScriptHost(
            scriptDirectory: ScriptFile.directory(of: file.path), allowedRoots: configuration.allowedRoots,
            memoryLimit: configuration.memoryLimit,
            instructionLimit: configuration.instructionLimit, framesPerSecond: configuration.framesPerSecond,
            plugins: configuration.plugins)
        self.file = file
        self.source = source
        self.mode = mode
        self.configuration = configuration
        self.snapshots = snapshots
        host.vm.printHandler = { [unowned self] line in output.append(line) }
        installStructure()
        installEngineControl()
        installExpect()
        installTraceSnapshots()
        installImageSnapshots()
    }

    /// Runs the file's top level (at engine time 0).
    func load() throws {
        try host.run(source: source, chunkName: file.path)
    }

    /// Runs a hook or the test as one turn of script code: the scene commits afterwards, and an
    /// error kept by the host (from an animation delegate, say) is raised.
    func runTestCode(_ function: LuaFunctionRef) throws {
        isInTest = true
        defer { isInTest = false }
        try host.engine.perform { () throws in _ = try host.vm.call(function) }
        try host.throwDeferredError()
    }

    /// Closes the Lua state now, which frees it even where bindings hold the host in a cycle
    /// through Lua (callbacks kept by the engine). The session is done afterwards.
    func close() {
        host.vm.close()
    }

    // MARK: Blocks and tests

    func declareBlock(_ name: String) -> Int {
        blocks.append(Block(name: name, parent: currentBlock))
        return blocks.count - 1
    }

    func declareTest(_ name: String, _ function: LuaFunctionRef) {
        var path = [name]
        var block: Int? = currentBlock
        while let index = block {
            if let name = blocks[index].name { path.insert(name, at: 0) }
            block = blocks[index].parent
        }
        if mode == .running(test: tests.count) { selected = (function, currentBlock) }
        tests.append(DeclaredTest(path: path, block: currentBlock))
    }

    func addHook(_ function: LuaFunctionRef, before: Bool) {
        if before { blocks[currentBlock].beforeEach.append(function) } else { blocks[currentBlock].afterEach.append(function) }
    }

    /// The hooks of a test in `block`: `beforeEach` outermost block first (in declaration order
    /// within a block), `afterEach` innermost block first.
    func hooks(around block: Int) -> (before: [LuaFunctionRef], after: [LuaFunctionRef]) {
        var chain: [Int] = []
        var current: Int? = block
        while let index = current {
            chain.insert(index, at: 0)
            current = blocks[index].parent
        }
        return (chain.flatMap { blocks[$0].beforeEach }, chain.reversed().flatMap { blocks[$0].afterEach })
    }

    // MARK: Failures

    /// What an error that ended a test (or a load) means for the report.
    func failure(for error: any Error) -> TestFailure {
        switch error {
        case let error as LuaError:
            if failedExpectations.contains(error.message) {
                return TestFailure(kind: .expectation, message: error.message)
            }
            return TestFailure(kind: .error, message: error.message, traceback: error.traceback)
        case let error as CallbackFailure:
            return failure(for: error.error)
        default:
            return TestFailure(kind: .error, message: "\(error)")
        }
    }

    /// Raises an expectation failure at `position` (`file:line:` of the `expect` call).
    func failExpectation(_ text: String, at position: String) -> LuaError {
        let message = position.isEmpty ? text : position + " " + text
        failedExpectations.insert(message)
        return .runtime(message: message, traceback: "")
    }
}
