/// Bytes of host objects (views, layers, animations, timers, ...) made on behalf of a script,
/// counted against the script's memory limit together with its Lua heap.
///
/// Why: the Lua allocator sees only Lua's own bytes; a view is a 16-byte userdata to Lua and
/// about 2 KiB to the process, so without this a million views grew the process past 2 GB under
/// `--memory-limit 16`. Each object made from a script gets a `HostMemoryCharge` of its
/// estimated size (`estimatedHostBytes`) and keeps it; the charge is given back when the object
/// goes (the charge's `deinit`), so the count follows what is alive, garbage included until Lua
/// collects it.
///
///     let account = HostMemoryAccount()
///     view.layer.memoryCharge = account.charge(view.layer.estimatedHostBytes)
///     account.bytes      // 2,048 while the view lives, 0 after
///
/// The count lives in a heap cell of its own (`counter`), so that C code (the Lua allocator's
/// cap check) can read it without calling Swift. Charging never fails here: whoever charges
/// checks the limit first (the Lua layer, which knows the limit and the Lua heap).
public final class HostMemoryAccount {
    /// The bytes currently charged; read by the Lua allocator through this pointer.
    public let counter: UnsafeMutablePointer<Int>

    public init() {
        counter = .allocate(capacity: 1)
        counter.initialize(to: 0)
    }

    deinit { counter.deallocate() }

    /// The bytes charged and not yet given back.
    public var bytes: Int { counter.pointee }

    /// A charge of `bytes`, given back when the charge goes.
    public func charge(_ bytes: Int) -> HostMemoryCharge {
        HostMemoryCharge(account: self, bytes: bytes)
    }
}

/// Bytes charged to a `HostMemoryAccount` for one object, held by that object: given back when
/// the object (and with it the charge) goes. Holds its account, so a charge outliving the Lua
/// state that made it still gives back into valid memory.
public final class HostMemoryCharge {
    public let account: HostMemoryAccount
    public private(set) var bytes: Int

    init(account: HostMemoryAccount, bytes: Int) {
        self.account = account
        self.bytes = Swift.max(bytes, 0)
        account.counter.pointee += self.bytes
    }

    /// Changes the charge to `newBytes` (an object whose content grew or shrank).
    public func resize(to newBytes: Int) {
        let newBytes = Swift.max(newBytes, 0)
        account.counter.pointee += newBytes - bytes
        bytes = newBytes
    }

    /// A charge of the same size on the same account, for a copy of the object.
    public func duplicate() -> HostMemoryCharge { HostMemoryCharge(account: account, bytes: bytes) }

    deinit { account.counter.pointee -= bytes }
}
