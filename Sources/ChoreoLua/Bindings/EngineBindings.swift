import ChoreoCore
import ChoreoRuntime

/// Engine time for scripts: `CACurrentMediaTime`, `after`, `every`, `DisplayLink`.
///
///     local t = after(2.0, function() box.alpha = 0 end); t:cancel()
///     every(1.0, function(timer) print(CACurrentMediaTime()) end)
///     local link = DisplayLink.new(function(link) print(link.timestamp) end)
///     link.preferredFrameRateRange = { minimum = 20, maximum = 60, preferred = 30 }
extension ScriptHost {
    func installEngineGlobals() {
        vm.registerGlobal("CACurrentMediaTime") { [unowned self] call in
            call.push(engine.now)
            return 1
        }
        vm.registerGlobal("after") { [unowned self] call in
            let delay = try call.number(at: 1, name: "seconds")
            let action = try call.function(at: 2, name: "action")
            let charge = try call.charge(bytes: HostMemoryEstimate.timer)  // given back with the callback
            let handle = try engine.after(delay) { [unowned self] in
                try withExtendedLifetime(charge) { try callback(action, as: .timer) }
            }
            handle.origin = call.callerSite
            call.push(object: handle)
            return 1
        }
        vm.registerGlobal("every") { [unowned self] call in
            let interval = try call.number(at: 1, name: "seconds")
            let action = try call.function(at: 2, name: "action")
            var handle: TimerHandle?
            let charge = try call.charge(bytes: HostMemoryEstimate.timer)  // given back with the callback
            handle = try engine.every(interval) { [unowned self] in
                try withExtendedLifetime(charge) { try callback(action, handle.map { [.object($0)] } ?? [], as: .timer) }
            }
            handle?.origin = call.callerSite
            call.push(object: handle!)
            return 1
        }
        vm.register(LuaClass<TimerHandle>(
            "Timer",
            methods: ["cancel": { call in
                try call.object(at: 1, as: TimerHandle.self).cancel()
                return 0
            }],
            getProperty: { call, timer, key in
                switch key {
                case "deadline": call.push(timer.deadline)
                case "interval": if let interval = timer.interval { call.push(interval) } else { call.pushNil() }
                case "isCancelled": call.push(timer.isCancelled)
                case "isValid": call.push(timer.isScheduled)
                default: return 0
                }
                return 1
            },
            describe: { "Timer(\(formatNumber($0.deadline)))" },
            fields: ["deadline", "interval", "isCancelled", "isValid"],
            otherToolsNames: ["invalidate": "cancel", "fireDate": "deadline"]))

        vm.registerGlobal("DisplayLink", functions: ["new": { [unowned self] call in
            let action = try call.function(at: 1, name: "callback")
            let charge = try call.charge(bytes: HostMemoryEstimate.timer)  // given back with the callback
            let link = try engine.addDisplayLink { [unowned self] link in
                try withExtendedLifetime(charge) { try callback(action, [.object(link)], as: .displayLink) }
            }
            link.origin = call.callerSite
            call.push(object: link)
            return 1
        }])
        vm.register(LuaClass<ScriptDisplayLink>(
            "DisplayLink",
            methods: ["invalidate": { call in
                try call.object(at: 1, as: ScriptDisplayLink.self).invalidate()
                return 0
            }],
            getProperty: { call, link, key in
                switch key {
                case "timestamp": call.push(link.timestamp)
                case "targetTimestamp": call.push(link.targetTimestamp)
                case "duration": call.push(link.duration)
                case "isPaused": call.push(link.isPaused)
                case "preferredFramesPerSecond": call.push(link.preferredFramesPerSecond)
                case "preferredFrameRateRange":
                    let range = link.preferredFrameRateRange
                    call.pushNewTable(fieldCount: 3) { fields in
                        fields.set("minimum", .number(range.minimum))
                        fields.set("maximum", .number(range.maximum))
                        fields.set("preferred", .number(range.preferred ?? 0))
                    }
                case "skippedFrames": call.push(link.skippedFrames)
                default: return 0
                }
                return 1
            },
            setProperty: { call, link, key in
                switch key {
                case "isPaused": link.isPaused = try call.boolean(at: 3, name: "isPaused")
                case "preferredFramesPerSecond":
                    try link.setPreferredFramesPerSecond(try call.number(at: 3, name: "preferredFramesPerSecond"))
                case "preferredFrameRateRange":
                    // CAFrameRateRange(minimum:maximum:preferred:); a missing field is 0.
                    let table = try call.table(at: 3, name: "preferredFrameRateRange")
                    try link.setPreferredFrameRateRange(FrameRateRange(
                        minimum: try table.optionalNumber("minimum") ?? 0, maximum: try table.optionalNumber("maximum") ?? 0,
                        preferred: try table.optionalNumber("preferred")))
                default:
                    throw readOnly(
                        "DisplayLink", key, settable: ["isPaused", "preferredFramesPerSecond", "preferredFrameRateRange"])
                }
            },
            fields: ["timestamp", "targetTimestamp", "duration", "isPaused", "preferredFramesPerSecond",
                     "preferredFrameRateRange", "skippedFrames"],
            otherToolsNames: ["remove": "invalidate", "cancel": "invalidate", "stop": "invalidate", "paused": "isPaused"]))
    }
}

/// The error for assigning a property that cannot be set, listing the ones that can.
func readOnly(_ type: String, _ key: String, settable: [String]) -> ArgumentError {
    ArgumentError(
        parameter: "\(type).\(key)",
        requirement: "cannot be set (settable: \(settable.joined(separator: ", ")))", value: key)
}
