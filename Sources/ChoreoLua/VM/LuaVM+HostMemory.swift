import ChoreoCore
import CLua
import CLuaShim

/// Host objects against the memory limit: `memoryLimit` covers the Lua heap and the host objects
/// made for the script (`hostMemory`), so `--memory-limit 16` bounds views, layers, animations,
/// keyframe values, path elements, texts and timers as well as Lua's own bytes.
///
///     view.layer.memoryCharge = try call.vm.charge(view.layer.memoryCharge, bytes: view.layer.estimatedHostBytes)
///
/// A charge that would pass the limit first runs a full collection (dropped objects give their
/// charges back only when Lua collects their userdata), then throws `HostMemoryLimitError`; the
/// host function's name and `file:line` are prefixed as for any host error. Lua's collector is
/// also stepped for the bytes charged (by Lua's share of the memory in use) and for each new box,
/// since it paces itself by Lua's bytes only (to Lua a view is a 16-byte userdata), and its
/// emergency collection runs no finalizers.
extension LuaVM {
    /// `current` resized to `bytes`, or a new charge of `bytes`: growth is checked against the
    /// limit first. Shrinking never fails.
    func charge(_ current: HostMemoryCharge?, bytes: Int) throws(HostMemoryLimitError) -> HostMemoryCharge {
        let growth = bytes - (current?.bytes ?? 0)
        if growth > 0 { try reserveHostMemory(growth) }
        guard let current else { return hostMemory.charge(bytes) }
        current.resize(to: bytes)
        return current
    }

    /// Throws unless `bytes` more of host objects fit under the limit (after a full collection,
    /// when they do not fit at first); steps the collector for them.
    func reserveHostMemory(_ bytes: Int) throws(HostMemoryLimitError) {
        guard let state = activeState ?? state else { return }
        if !fitsHostMemory(bytes) {
            _ = lsx_fullgc(state)
            hostBytesSinceStep = 0
            guard fitsHostMemory(bytes) else {
                throw HostMemoryLimitError(limit: memoryLimit, lua: memoryInUse, host: hostMemory.bytes, requested: bytes)
            }
        }
        // Counted by Lua's share of the memory in use: Lua's pause (a cycle once as much again
        // was made as was live) then holds for Lua and host memory together. Counted in full,
        // they ran a cycle (marking every class and method) every 64 KiB: 425 for the 10,000
        // views of lua-scene-10k, 127 now, and the garbage still stays under the live memory.
        let lua = Double(memoryInUse), host = Double(hostMemory.bytes)
        stepCollector(forHostBytes: host <= 0 ? bytes : Int(Double(bytes) * lua / (lua + host)), on: state)
    }

    /// Counts `bytes` of host memory that Lua holds through small userdata, and steps Lua's
    /// collector by their kilobytes every `hostBytesPerCollectorStep`. Lua paces its collector by
    /// its own bytes, and a box with `__gc` survives one more cycle until it is finalized and
    /// counts as live meanwhile; when such boxes are most of what a script allocates (a
    /// `Point.new` per frame), each cycle's pause doubles the heap and the host objects the boxes
    /// retain are never given back in time. Counted as allocation, they keep cycles coming.
    /// A new box counts in full (`pushObject`): what it retains goes only when Lua collects it.
    func stepCollector(forHostBytes bytes: Int, on state: OpaquePointer) {
        hostBytesSinceStep += bytes
        if hostBytesSinceStep >= LuaVM.hostBytesPerCollectorStep {
            // A step of work for the kilobytes charged (a finalizer it runs is a box release).
            lsx_gc_step(state, Int32(min(hostBytesSinceStep / 1024, 1 << 20)))
            hostBytesSinceStep = 0
        }
    }

    private func fitsHostMemory(_ bytes: Int) -> Bool {
        let (sum, overflow) = memoryInUse.addingReportingOverflow(hostMemory.bytes)
        return !overflow && bytes <= memoryLimit && sum <= memoryLimit - bytes
    }

    /// Host bytes charged between two steps of Lua's collector.
    static let hostBytesPerCollectorStep = 64 * 1024

    /// What a new box is counted as for the collector's pace: the bridged object it retains (a
    /// value object with its `AnimationValue` is about 170 bytes on the heap; larger objects are
    /// charged for their size besides) and its entry in the object cache.
    static let hostBytesPerBox = 256
}

/// A host object that did not fit under the memory limit:
/// `View.new: memory limit exceeded (16 MiB): Lua holds 0.4 MiB and host objects 15.6 MiB; 2 KiB more do not fit`.
struct HostMemoryLimitError: Error, CustomStringConvertible {
    var limit: Int
    var lua: Int
    var host: Int
    var requested: Int

    var description: String {
        "memory limit exceeded (\(Self.format(limit))): Lua holds \(Self.format(lua)) and host objects "
            + "\(Self.format(host)); \(Self.format(requested)) more do not fit"
    }

    /// Bytes as people read them: `16 MiB`, `15.6 MiB`, `2 KiB`, `300 bytes`.
    static func format(_ bytes: Int) -> String {
        func scaled(_ unit: Double, _ name: String) -> String {
            let value = Double(bytes) / unit
            let text = value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
            return text + " " + name
        }
        if bytes >= 1 << 20 { return scaled(Double(1 << 20), "MiB") }
        if bytes >= 1 << 10 { return scaled(Double(1 << 10), "KiB") }
        return "\(bytes) bytes"
    }
}
