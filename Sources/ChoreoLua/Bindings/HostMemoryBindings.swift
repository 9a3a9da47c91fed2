import ChoreoCore

/// A host object that scripts make and that is charged against the memory limit for its
/// estimated size (`HostMemoryEstimate`): layers (with their views) and animations.
protocol HostMemoryCharged: AnyObject {
    var memoryCharge: HostMemoryCharge? { get set }
    var estimatedHostBytes: Int { get }
    func estimateRestorer() -> () -> Void
}

extension Layer: HostMemoryCharged {}
extension Animation: HostMemoryCharged {}
extension Animator: HostMemoryCharged {}
extension Timeline: HostMemoryCharged {}

/// Charging from the bindings: constructors charge what they made, setters re-charge what grew
/// (a longer text, more keyframe values, a longer path), so that `--memory-limit` bounds host
/// objects as well as the Lua heap (LuaVM+HostMemory.swift).
extension LuaCallContext {
    /// Charges a newly made object; throws (and the object is dropped) when it does not fit.
    func chargeNew(_ object: some HostMemoryCharged) throws {
        object.memoryCharge = try vm.charge(nil, bytes: object.estimatedHostBytes)
    }

    /// Makes a change to an object (a property set) and brings its charge up to date. A change
    /// whose growth does not fit under the limit is undone (`estimateRestorer`) and throws,
    /// naming the setter: the object never holds more than it is charged for.
    func charging(_ object: some HostMemoryCharged, _ change: () throws -> Void) throws {
        guard let charge = object.memoryCharge else { return try change() }
        let restore = object.estimateRestorer()
        try change()
        let bytes = object.estimatedHostBytes
        guard bytes != charge.bytes else { return }
        do {
            _ = try vm.charge(charge, bytes: bytes)
        } catch {
            restore()
            throw error
        }
    }

    /// A charge for an object without an estimate of its own (a scene, a timer).
    func charge(bytes: Int) throws -> HostMemoryCharge {
        try vm.charge(nil, bytes: bytes)
    }
}
