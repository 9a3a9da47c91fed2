/// Finding the display links due on a frame in linear time.
///
/// `displayLinks` is kept in `sequence` order. A link gets a new (largest) sequence when it is
/// added and when it fires, and a fired link is not due again in the same frame, so the links
/// due on a frame are found by one forward scan, in the order they must fire; after the frame
/// the fired links (now the newest) are merged back by sequence. A frame with n links costs
/// O(n), where picking the earliest due link by a full scan each time cost O(n²) — a display
/// link that adds display links made that a hang long before any callback limit was reached.
extension Engine {
    /// The running display link due on `frame` that was scheduled first, from the cursor on.
    /// A link passed over (paused, or not due) is not looked at again in this frame.
    func nextDueLink(on frame: Int) -> ScriptDisplayLink? {
        while linkCursor < displayLinks.count {
            let link = displayLinks[linkCursor]
            linkCursor += 1
            if link.isRunning && link.nextFrame <= frame && !link.firedInFrame {
                linkCursor -= 1  // stays the candidate until it fires
                return link
            }
        }
        return nil
    }

    /// Puts the links back in sequence order after a frame: the ones that did not fire keep
    /// their order, the fired ones follow in firing order, merged by sequence (a link added
    /// during the frame may fall between them); invalidated links are dropped.
    func restoreLinkOrder() {
        var waiting: [ScriptDisplayLink] = []
        var fired: [ScriptDisplayLink] = []
        for link in displayLinks where !link.isInvalidated {
            if link.firedInFrame { fired.append(link) } else { waiting.append(link) }
        }
        guard !fired.isEmpty else {
            displayLinks = waiting
            return
        }
        fired.sort { $0.sequence < $1.sequence }  // already in firing order: a linear pass
        var merged: [ScriptDisplayLink] = []
        merged.reserveCapacity(waiting.count + fired.count)
        var i = 0, j = 0
        while i < waiting.count || j < fired.count {
            if j == fired.count || (i < waiting.count && waiting[i].sequence < fired[j].sequence) {
                merged.append(waiting[i])
                i += 1
            } else {
                fired[j].firedInFrame = false
                merged.append(fired[j])
                j += 1
            }
        }
        displayLinks = merged
    }
}
