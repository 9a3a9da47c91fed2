// XCB and its Present extension from the system (Debian: libxcb1-dev, libxcb-present-dev), for
// `choreo preview`'s vblank times (ChoreoPreviewWindow's PresentVblanks).
#include <stdint.h>
#include <xcb/xcb.h>
#include <xcb/present.h>

// The extension's id for xcb_get_extension_data and xcb_register_for_special_xge: a function,
// because Swift 6 does not let code read a mutable C global.
static inline xcb_extension_t *choreo_xcb_present_id(void) { return &xcb_present_id; }

// Reads a Present CompleteNotify event of kind NotifyMSC: its serial, ust (µs of the server's
// CLOCK_MONOTONIC) and msc. Returns 0 (and writes nothing) for any other event. A C function
// because the event struct is packed.
static inline int choreo_xcb_present_msc_notify(const xcb_generic_event_t *event, uint32_t *serial,
                                                uint64_t *ust, uint64_t *msc) {
    if ((event->response_type & 0x7f) != XCB_GE_GENERIC) return 0;
    const xcb_present_complete_notify_event_t *notify = (const xcb_present_complete_notify_event_t *)event;
    if (notify->event_type != XCB_PRESENT_COMPLETE_NOTIFY || notify->kind != XCB_PRESENT_COMPLETE_KIND_NOTIFY_MSC) return 0;
    *serial = notify->serial;
    *ust = notify->ust;
    *msc = notify->msc;
    return 1;
}
