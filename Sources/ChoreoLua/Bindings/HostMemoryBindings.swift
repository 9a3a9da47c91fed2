import ChoreoCore

/// A host object that scripts make and that is charged against the memory limit for its
/// estimated size (`HostMemoryEstimate`): layers (with their views) and animations.
protocol HostMemoryCharged: AnyObject {
    var memoryCharge: HostMemoryCharge? { get set }
    var estimatedHostBytes: Int { get }
}

extension Layer: HostMemoryCharged {}
extension Animation: HostMemoryCharged {}

/// Charging from the bindings: constructors charge what they made, setters re-charge what grew
/// (a longer text, more keyframe values, a longer path), so that `--memory-limit` bounds host
/// objects as well as the Lua heap (LuaVM+HostMemory.swift).
extension LuaCallContext {
    /// Charges a newly made object; throws (and the object is dropped) when it does not fit.
    func chargeNew(_ object: some HostMemoryCharged) throws {
        object.memoryCharge = try vm.charge(nil, bytes: object.estimatedHostBytes)
    }

    /// Brings an object's charge up to date after a change. The count always follows the object
    /// (it keeps what was set); growth past the limit then throws, naming the setter.
    func recharge(_ object: some HostMemoryCharged) throws {
        guard let charge = object.memoryCharge else { return }
        let bytes = object.estimatedHostBytes
        guard bytes != charge.bytes else { return }
        do {
            _ = try vm.charge(charge, bytes: bytes)
        } catch {
            charge.resize(to: bytes)
            throw error
        }
    }

    /// A charge for an object without an estimate of its own (a scene, a timer).
    func charge(bytes: Int) throws -> HostMemoryCharge {
        try vm.charge(nil, bytes: bytes)
    }
}
