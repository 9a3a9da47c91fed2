import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Native plugins")
struct NativePluginTests {
    private func refusal(_ source: String, name: String = "tiny") throws -> String {
        let dir = try makePluginDirectory("native")
        let library = try compilePlugin(source, name: name, in: dir)
        do {
            _ = try NativePlugin.load(path: library, name: name)
            return "loaded"
        } catch {
            #expect(error.description.hasPrefix("plugin \(library) refused: "))
            return error.reason
        }
    }

    @Test("A valid C plugin loads: name, version, providers with parameters and defaults")
    func loads() throws {
        let dir = try makePluginDirectory("native")
        let source = cPlugin(
            providers: """
                { "linear", 0, NULL, NULL, linear, NULL, NULL, NULL, 0 },
                { "power", 1, names, defaults, square, NULL, NULL, NULL, 0 }
                """, count: 2,
            extra: "static const char *const names[] = {\"exponent\"}; static const double defaults[] = {2};")
        let library = try compilePlugin(source, name: "tiny", in: dir)
        let plugin = try NativePlugin.load(path: library, name: "tiny")
        #expect(plugin.name == "tiny" && plugin.version == "1.0.0")
        #expect(plugin.providers.map(\.name) == ["tiny.linear", "tiny.power"])
        #expect(plugin.providers[1].parameters == [ProviderParameter(name: "exponent", defaultValue: 2)])
        let square = try plugin.providers[1].curve()
        #expect(square.progress(at: 0.5) == 0.25)
        let cube = try plugin.providers[1].curve(parameters: ["exponent": 3])
        #expect(cube.progress(at: 0.5) == 0.125)
        #expect(throws: ArgumentError.self) { try plugin.providers[1].curve(parameters: ["exp": 3]) }
        #expect(throws: ArgumentError.self) { try plugin.providers[1].curve(parameters: ["exponent": .nan]) }
    }

    @Test("A plugin built for another ABI version is refused, saying both versions")
    func wrongABI() throws {
        #expect(try refusal(cPlugin(abi: "2")) == "built for plugin ABI version 2; this choreo loads version 1")
    }

    @Test("A library without the entry point is refused, naming the symbol")
    func missingEntry() throws {
        #expect(try refusal(cPlugin(entry: "some_other_entry"))
            == "does not export choreo_plugin_entry (not a Choreo plugin? see choreo_plugin.h)")
    }

    @Test("A file that is not a library is refused with the loader's reason")
    func notALibrary() throws {
        let dir = try makePluginDirectory("native")
        let path = try writeFile("garbage", "libjunk.so", in: dir)
        #expect(throws: PluginLoadError.self) { try NativePlugin.load(path: path, name: "junk") }
        do { _ = try NativePlugin.load(path: path, name: "junk") } catch {
            #expect(error.reason.hasPrefix("cannot be opened: "))
        }
    }

    @Test("Invalid descriptors are refused: no name, another name, no version, no providers, duplicates, NaN defaults")
    func invalidDescriptors() throws {
        #expect(try refusal(cPlugin(name: "NULL")) == "invalid descriptor: no plugin name")
        #expect(try refusal(cPlugin(name: "\"other\""))
            == "invalid descriptor: the plugin is named 'other' but its file is named for 'tiny'")
        #expect(try refusal(cPlugin(version: "\"\"")) == "invalid descriptor: plugin 'tiny' has no version")
        #expect(try refusal(cPlugin(count: 0)) == "invalid descriptor: plugin 'tiny' has no providers")
        #expect(try refusal(cPlugin(count: 20000)) == "invalid descriptor: plugin 'tiny' claims 20000 providers (at most 10000)")
        #expect(try refusal(cPlugin(
            providers: "{ \"linear\", 0, NULL, NULL, linear, NULL, NULL, NULL, 0 }, { \"linear\", 0, NULL, NULL, linear, NULL, NULL, NULL, 0 }",
            count: 2)) == "invalid descriptor: two providers are named 'linear'")
        #expect(try refusal(cPlugin(providers: "{ \"linear\", 0, NULL, NULL, NULL, NULL, NULL, NULL, 0 }"))
            == "invalid descriptor: tiny.linear has no progress function")
        #expect(try refusal(cPlugin(
            providers: "{ \"power\", 1, names, defaults, square, NULL, NULL, NULL, 0 }",
            extra: "static const char *const names[] = {\"exponent\"}; static const double defaults[] = {NAN};"))
            == "invalid descriptor: the default of tiny.power.exponent is nan, not a finite number")
        #expect(try refusal(cPlugin(
            providers: "{ \"power\", 2, names, defaults, square, NULL, NULL, NULL, 0 }",
            extra: "static const char *const names[] = {\"a\", \"a\"}; static const double defaults[] = {1, 2};"))
            == "invalid descriptor: tiny.power has two parameters named 'a'")
    }

    @Test("A provider whose progress is NaN at its defaults is refused")
    func nanProgress() throws {
        let reason = try refusal(cPlugin(
            providers: "{ \"broken\", 0, NULL, NULL, broken, NULL, NULL, NULL, 0 }",
            extra: "static double broken(const double *p, double t) { (void)p; return t > 0.5 ? NAN : t; }"))
        #expect(reason == "invalid descriptor: tiny.broken fails at its defaults: tiny.broken must give a finite progress at t = 0.6 (got nan)")
    }

    @Test("A NaN a plugin gives between the sampled points never reaches a value: progress falls back to t")
    func nanBetweenSamples() throws {
        let dir = try makePluginDirectory("native")
        let library = try compilePlugin(cPlugin(
            providers: "{ \"sly\", 0, NULL, NULL, sly, sly, NULL, NULL, CHOREO_PROVIDER_FREE_ENDPOINTS }",
            extra: "static double sly(const double *p, double t) { (void)p; return t > 0.54 && t < 0.56 ? NAN : t * t; }"),
            name: "tiny", in: dir)
        let provider = try #require(try NativePlugin.load(path: library, name: "tiny").providers.first)
        #expect(!provider.hasExactEndpoints)
        let curve = try provider.curve()
        #expect(curve.progress(at: 0.5) == 0.25)
        #expect(curve.progress(at: 0.55) == 0.55)
        #expect(curve.velocity(within: 0.55) == nil)
        #expect(curve.velocity(at: 0.55).isFinite)
    }

    @Test("A broken plugin is refused while the others on the path load")
    func othersStillLoad() throws {
        let dir = try makePluginDirectory("native")
        try compilePlugin(cPlugin(abi: "7", name: "\"old\""), name: "old", in: dir)
        try compilePlugin(cPlugin(name: "\"good\""), name: "good", in: dir)
        try compilePlugin(cPlugin(name: "\"empty\"", entry: "nothing_here"), name: "empty", in: dir)
        let catalog = PluginCatalog(path: PluginPath([.init(directory: dir)]))
        #expect(catalog.natives.map(\.name) == ["good"])
        #expect(catalog.failures.map(\.name).sorted() == ["empty", "old"])
        var registry = TimingRegistry()
        for provider in catalog.natives.flatMap(\.providers) { registry.register(provider: provider) }
        registry.pluginFailures = catalog.failures
        #expect(try registry.curve(named: "good.linear").progress(at: 0.3) == 0.3)
        #expect(throws: ArgumentError.self) { try registry.curve(named: "old.linear") }
        do { _ = try registry.curve(named: "old.linear") } catch {
            #expect(error.requirement.contains("is not available: plugin \(dir)/libold.so refused: built for plugin ABI version 7"))
        }
    }

    @Test("A plugin's check refuses parameter values with its own message")
    func pluginCheck() throws {
        let penner = try builtPlugin("penner")
        let elastic = try #require(penner.providers.first { $0.name == "penner.easeOutElastic" })
        do {
            _ = try elastic.curve(parameters: ["period": 0])
            Issue.record("period 0 was accepted")
        } catch let error as ArgumentError {
            #expect(error.description
                == "penner.easeOutElastic refuses these parameters: period must be > 0 (a fraction of the duration, such as 0.3) (got amplitude = 1, period = 0)")
        }
    }

    @Test("Loading a library twice gives the same plugin")
    func loadedOnce() throws {
        #expect(try builtPlugin("penner") === builtPlugin("penner"))
    }
}
