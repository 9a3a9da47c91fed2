// swift-tools-version: 6.0
// Choreo: the animation model of UIKit and Core Animation as a Swift engine on Linux, scripted in Lua.
// The layers (DESIGN.md §1) point down only: choreo → ChoreoRender, ChoreoLua → ChoreoRuntime → ChoreoCore.
import PackageDescription

/// `-enforce-exclusivity=unchecked` in release builds only (see the targets that use it).
let releaseWithoutExclusivityChecks: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Choreo",
    products: [
        .executable(name: "choreo", targets: ["choreo"]),
        .executable(name: "choreo-bench", targets: ["ChoreoBenchmarks"]),
        .executable(name: "choreo-fuzz", targets: ["choreo-fuzz"]),
        .library(name: "ChoreoCore", targets: ["ChoreoCore"]),
        .library(name: "ChoreoRuntime", targets: ["ChoreoRuntime"]),
        .library(name: "ChoreoLua", targets: ["ChoreoLua"]),
        .library(name: "ChoreoRender", targets: ["ChoreoRender"]),
        .library(name: "ChoreoPreview", targets: ["ChoreoPreview"]),
        // Native timing-provider plugins shipped with Choreo (Plugins/, DESIGN §6): built into the
        // products directory beside `choreo`, which finds them there without flags.
        .library(name: "penner", type: .dynamic, targets: ["penner"]),
        .library(name: "physics", type: .dynamic, targets: ["physics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    ],
    targets: [
        // System libraries, found through pkg-config (Scripts/setup.sh installs them).
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // SDL2, for `choreo preview`'s window only (the window, its events and a streaming texture):
        // its headers (libsdl2-dev), and the library loaded with dlopen when a preview opens, so
        // that no other command loads it (Sources/CSDL2/include/CSDL2.h).
        .target(name: "CSDL2", linkerSettings: [.linkedLibrary("dl")]),
        // XCB's Present extension, for the preview's vblank times from the X server.
        .systemLibrary(name: "CXCBPresent", pkgConfig: "xcb-present", providers: [.apt(["libxcb1-dev", "libxcb-present-dev"])]),
        // giflib has no .pc file on Debian: its module map links "gif" by name.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // The native plugin ABI: a plain C header (and its version query).
        .target(name: "ChoreoPluginABI"),

        // Release builds of the core, the runtime, the bindings and the renderer skip Swift's
        // dynamic exclusivity checks (one on every access to a class's stored array or property
        // in the frame loop, the reads and the bindings: a third of a frame's read time; 4 % of
        // rendering 10,000 views): debug builds, where every test runs, keep them.
        .target(name: "ChoreoCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
                swiftSettings: releaseWithoutExclusivityChecks),
        .target(name: "ChoreoRuntime", dependencies: ["ChoreoCore", "ChoreoPluginABI"],
                swiftSettings: releaseWithoutExclusivityChecks),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "ChoreoLua", dependencies: ["ChoreoRuntime", "CLua", "CLuaShim"],
                swiftSettings: releaseWithoutExclusivityChecks),
        .target(name: "ChoreoRender", dependencies: ["ChoreoCore", "CCairo", "CGif"],
                swiftSettings: releaseWithoutExclusivityChecks),
        // The live preview without its window (issue 19): the controller a window drives with
        // display-link ticks and keys, tested headless. No SDL here.
        .target(name: "ChoreoPreview", dependencies: ["ChoreoCore", "ChoreoRuntime", "ChoreoLua", "ChoreoRender"]),
        // `choreo preview`'s window (SDL2): the window, its keys and mouse, the vsync timer (on the X
        // Present extension's vblank times where there are some), and the loop that drives the
        // preview controller and draws the HUD.
        .target(name: "ChoreoPreviewWindow", dependencies: ["CSDL2", "CXCBPresent", "ChoreoPreview", "ChoreoRender", "ChoreoRuntime"]),
        .executableTarget(name: "choreo", dependencies: [
            "ChoreoCore", "ChoreoRuntime", "ChoreoLua", "ChoreoRender", "ChoreoPreview", "ChoreoPreviewWindow",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // C baselines choreo-bench measures in the same run (a C Bézier solver, raw lua_pcall).
        .target(name: "CBenchBaseline", dependencies: ["CLuaShim"], cSettings: [.unsafeFlags(["-O2"])]),
        .executableTarget(name: "ChoreoBenchmarks", dependencies: [
            "ChoreoCore", "ChoreoRuntime", "ChoreoLua", "ChoreoRender", "CBenchBaseline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The fuzzer (issue 15): seeded random scripts over the Lua API, run through the `choreo`
        // binary and classified; the generator and the classifier are a library so tests reach them.
        .target(name: "ChoreoFuzz"),
        .executableTarget(name: "choreo-fuzz", dependencies: [
            "ChoreoFuzz", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The shipped native plugins: penner in C, physics in Swift (@_cdecl).
        .target(name: "penner", dependencies: ["ChoreoPluginABI"], path: "Plugins/penner"),
        .target(name: "physics", dependencies: ["ChoreoPluginABI"], path: "Plugins/physics"),

        // What several test targets share (reading a child process's output, scratch folders).
        .target(name: "ChoreoTestSupport", path: "Tests/Support"),
        .testTarget(name: "ChoreoCoreTests", dependencies: ["ChoreoCore"]),
        .testTarget(name: "ChoreoRuntimeTests", dependencies: ["ChoreoRuntime", "ChoreoTestSupport"]),
        .testTarget(name: "ChoreoLuaTests", dependencies: ["ChoreoLua", "ChoreoTestSupport"]),
        // The preview's window half: keys, pacing, the frame log, and `choreo preview` run under
        // Xvfb (skipped, saying why, where Xvfb or xdotool is missing) and with SDL's dummy driver.
        .testTarget(name: "ChoreoPreviewWindowTests", dependencies: ["choreo", "ChoreoPreviewWindow", "ChoreoPreview", "ChoreoRender", "CSDL2", "ChoreoTestSupport"]),
        .testTarget(name: "ChoreoPreviewTests", dependencies: ["ChoreoPreview", "ChoreoTestSupport"]),
        .testTarget(name: "ChoreoRenderTests", dependencies: ["ChoreoRender", "CGif", "CCairo", "ChoreoTestSupport"], exclude: ["__goldens__"]),
        // Runs the built `choreo` binary: exit codes, help text, determinism of traces (and `choreo-bench --quick`).
        .testTarget(name: "ChoreoCLITests", dependencies: ["choreo", "ChoreoBenchmarks", "ChoreoTestSupport"]),
        // The security suite (README "Security model"): one test per class of attack, run in
        // process through ScriptHost and as the built `choreo` binary (exit status, time bound).
        // Its scene tests (Scenes/*_test.lua) run under `choreo test` from Scripts/test.sh.
        .testTarget(
            name: "ChoreoSecurityTests", dependencies: ["choreo", "choreo-fuzz", "ChoreoFuzz", "ChoreoLua", "ChoreoRender", "ChoreoTestSupport"],
            path: "Tests/Security", exclude: ["Scenes"]),
    ],
    swiftLanguageModes: [.v6]
)
