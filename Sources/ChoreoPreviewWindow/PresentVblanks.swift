import CXCBPresent
import ChoreoRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The X Present extension's vblank notifications for one window, on an XCB connection of the
/// preview's own: SDL's Xlib connection and its event queue are not touched.
///
///     let vblanks = try PresentVblanks(window: window.x11WindowID)
///     vblanks.requestNextVblank()                 // NotifyMSC: the next vblank
///     for sample in vblanks.received() { ... }    // (ust, msc), without blocking
///
/// Each request is a NotifyMSC with target 0, divisor 1, remainder 0 ("the next MSC"); the answer
/// is a CompleteNotify event of kind NotifyMSC carrying that vblank's `ust` (µs of the server's
/// CLOCK_MONOTONIC) and `msc` (the window's CRTC's vblank counter), read as Mesa's loader reads
/// them: an XGE "special event" queue of the connection's own (`xcb_register_for_special_xge`).
/// The window is SDL's (so the counter is that of the monitor it is on), else the root window.
///
/// Contract: one thread. Errors after opening (the window or the server gone) show as
/// `hasFailed`; nothing here blocks but `waitForEvents(timeout:)`.
final class PresentVblanks {
    /// Why the extension cannot be used: said in the frame log.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    private let connection: OpaquePointer
    private let events: OpaquePointer
    private let window: xcb_window_t
    private let eventID: UInt32
    private var serial: UInt32 = 0

    /// Opens a connection to `display` (nil: `DISPLAY`, as SDL) and asks for `window`'s vblank
    /// notifications (the root window when nil).
    /// - Throws: `Unavailable` when the display cannot be reached, has no Present extension, or
    ///   refuses the window.
    init(display: String? = nil, window: UInt32?) throws(Unavailable) {
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(display, &screenNumber) else { throw Unavailable(description: "cannot connect to the X display") }
        guard xcb_connection_has_error(connection) == 0 else {
            xcb_disconnect(connection)
            throw Unavailable(description: "cannot connect to the X display")
        }
        guard let extensionData = xcb_get_extension_data(connection, choreo_xcb_present_id()), extensionData.pointee.present != 0 else {
            xcb_disconnect(connection)
            throw Unavailable(description: "the X server has no Present extension")
        }
        let target = window ?? Self.rootWindow(of: connection, screen: Int(screenNumber))
        let eventID = xcb_generate_id(connection)
        let cookie = xcb_present_select_input_checked(connection, eventID, target, UInt32(XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY.rawValue))
        if let error = xcb_request_check(connection, cookie) {
            let code = error.pointee.error_code
            free(error)
            xcb_disconnect(connection)
            throw Unavailable(description: "the X server refused Present events for the window (X error \(code))")
        }
        guard let events = xcb_register_for_special_xge(connection, choreo_xcb_present_id(), eventID, nil) else {
            xcb_disconnect(connection)
            throw Unavailable(description: "cannot register for Present events")
        }
        self.connection = connection
        self.events = events
        self.window = target
        self.eventID = eventID
    }

    deinit {
        xcb_unregister_for_special_event(connection, events)
        xcb_disconnect(connection)
    }

    /// Whether the connection broke (the server or the window gone): no more samples come.
    var hasFailed: Bool { xcb_connection_has_error(connection) != 0 }

    /// Asks for a notification at the next vblank.
    func requestNextVblank() {
        serial &+= 1
        xcb_present_notify_msc(connection, window, serial, 0, 1, 0)
        xcb_flush(connection)
    }

    /// The vblanks notified since the last call, oldest first: `time` in seconds of
    /// CLOCK_MONOTONIC, `count` the MSC. Never blocks.
    func received() -> [VsyncGridEstimator.Sample] {
        var samples: [VsyncGridEstimator.Sample] = []
        while let event = xcb_poll_for_special_event(connection, events) {
            var eventSerial: UInt32 = 0, ust: UInt64 = 0, msc: UInt64 = 0
            if choreo_xcb_present_msc_notify(event, &eventSerial, &ust, &msc) != 0, ust > 0 {
                samples.append(.init(time: Double(ust) * 1e-6, count: Int(truncatingIfNeeded: msc)))
            }
            free(event)
        }
        // Errors of unchecked requests (a window destroyed) queue as ordinary events: drop them.
        while let event = xcb_poll_for_event(connection) { free(event) }
        return samples
    }

    /// Waits until the connection has something to read, or `timeout` seconds.
    func waitForEvents(timeout: Double) {
        var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(max(0, timeout * 1000).rounded(.up)))
    }

    private static func rootWindow(of connection: OpaquePointer, screen: Int) -> xcb_window_t {
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<screen where screens.rem > 1 { xcb_screen_next(&screens) }
        return screens.data.pointee.root
    }
}
