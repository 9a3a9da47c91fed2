import ChoreoCore

/// CATransaction for scripts.
///
///     Transaction.begin()
///     Transaction.setAnimationDuration(0.8)
///     Transaction.setCompletionBlock(function() print("done") end)
///     layer.opacity = 0
///     Transaction.commit()
extension ScriptHost {
    func installTransactions() {
        let engine = self.engine  // captured instead of self: the VM must not keep its host alive
        var scene: Scene { engine.scene }
        vm.registerGlobal("Transaction", functions: [
            "begin": { _ in
                guard scene.openTransactionCount < Scene.maximumOpenTransactions else {
                    throw BindingError("at most \(Scene.maximumOpenTransactions) transactions may be open at once "
                        + "(commit the ones begun)")
                }
                scene.beginTransaction()
                return 0
            },
            "commit": { _ in
                try scene.commitTransaction()
                return 0
            },
            "flush": { _ in
                scene.commit()
                return 0
            },
            "animationDuration": { call in
                call.push(scene.currentTransaction!.animationDuration.seconds)
                return 1
            },
            "setAnimationDuration": { call in
                let seconds = try requireNonNegative(try call.number(at: 1, name: "duration"), "duration")
                scene.currentTransaction!.animationDuration = MediaDuration(seconds)
                return 0
            },
            "setAnimationTimingFunction": { [unowned self] call in
                scene.currentTransaction!.animationTimingFunction =
                    call.isNil(at: 1) ? nil : try curve(from: call.value(at: 1), name: "timingFunction")
                return 0
            },
            "disableActions": { call in
                call.push(scene.currentTransaction!.disableActions)
                return 1
            },
            "setDisableActions": { call in
                scene.currentTransaction!.disableActions = try call.boolean(at: 1, name: "disableActions")
                return 0
            },
            "setCompletionBlock": { [unowned self] call in
                let block = try call.function(at: 1, name: "completion")
                scene.currentTransaction!.setCompletionBlock { [unowned self] in deferredCall(block) }
                return 0
            },
        ])
    }
}
