import CCairo
import ChoreoCore

/// Layers with a perspective transform: cairo draws only affine maps, so such a layer is drawn
/// flat into an offscreen image, which is then mapped onto the canvas pixel by pixel through the
/// inverse homography (bilinear sampling, premultiplied), giving true foreshortening for flips
/// and cube rotations.
///
/// Limits (documented choices): a layer reaching to or behind the eye is not drawn (Core Animation
/// would clip it at the eye plane).
extension SceneRenderer {
    func drawProjected(_ node: RenderNode, warp: Homography, _ cr: OpaquePointer) throws(RenderError) {
        let p = node.properties
        // The offscreen image holds everything the layer draws: its bounds and what reaches out.
        let bounds = localExtents(node)
        guard bounds.size.width > 0, bounds.size.height > 0 else { return }
        // Offscreen resolution: the device scale, more where the perspective magnifies; less for
        // a layer so large that the offscreen image would not fit in a canvas.
        let largest = max(bounds.size.width, bounds.size.height)
        let s = min(deviceScale(cr) * 1.5, Double(Canvas.maximumSide / 2) / largest)
        guard s > 1e-9 else { return }
        let shadowReach = p.shadowOpacity > 0 ? boxBlur(sigma: p.shadowRadius * s).reach
            + Int(saturating: (max(abs(p.shadowOffset.width), abs(p.shadowOffset.height)) * s).rounded(.up)) : 0
        let margin = 2 + shadowReach
        let width = Int(saturating: (bounds.size.width * s).rounded(.up)) + 2 * margin
        let height = Int(saturating: (bounds.size.height * s).rounded(.up)) + 2 * margin
        guard width <= Canvas.maximumSide, height <= Canvas.maximumSide else { return }

        let flat = try Canvas(width: width, height: height)
        let offscreen = flat.makeContext()
        cairo_translate(offscreen, Double(margin), Double(margin))
        cairo_scale(offscreen, s, s)
        cairo_translate(offscreen, -bounds.origin.x, -bounds.origin.y)
        let (savedWidth, savedHeight) = (deviceWidth, deviceHeight)
        (deviceWidth, deviceHeight) = (width, height)
        defer { (deviceWidth, deviceHeight) = (savedWidth, savedHeight) }
        do {
            try drawShadowAndBody(node, offscreen)
        } catch {
            cairo_destroy(offscreen)
            throw error
        }
        cairo_destroy(offscreen)
        (deviceWidth, deviceHeight) = (savedWidth, savedHeight)

        // Offscreen pixels → bounds coordinates → parent → device.
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        let device = Homography(m: [ctm.xx, ctm.xy, ctm.x0, ctm.yx, ctm.yy, ctm.y0, 0, 0, 1])
        let pixelsToBounds = Homography.translation(bounds.origin.x, bounds.origin.y) * Homography.scale(1 / s, 1 / s)
            * Homography.translation(-Double(margin), -Double(margin))
        let forward = device * warp * pixelsToBounds
        guard let inverse = forward.inverse else { return }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))] {
            let q = forward.apply(x, y)
            guard q.w > 1e-6, q.x.isFinite, q.y.isFinite else { return }   // reaches behind the eye
            xs.append(q.x)
            ys.append(q.y)
        }
        // The device origin of the current target: a group's surface starts at its clip extents.
        let x0 = max(0, Int(saturating: xs.min()!.rounded(.down))), y0 = max(0, Int(saturating: ys.min()!.rounded(.down)))
        let x1 = min(deviceWidth, Int(saturating: xs.max()!.rounded(.up)))
        let y1 = min(deviceHeight, Int(saturating: ys.max()!.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let warped = try Canvas(width: x1 - x0, height: y1 - y0)
        resample(flat, into: warped, origin: (x0, y0), inverse: inverse)
        cairo_surface_set_device_offset(warped.surface, Double(-x0), Double(-y0))

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, warped.surface, 0, 0)
        cairo_paint_with_alpha(cr, min(max(p.opacity, 0), 1))
        cairo_restore(cr)
    }

    /// Fills `target` (whose pixel (0, 0) is device pixel `origin`) by sampling `source` at the
    /// inverse image of each pixel centre, bilinearly, transparent outside.
    private func resample(_ source: Canvas, into target: Canvas, origin: (Int, Int), inverse: Homography) {
        cairo_surface_flush(source.surface)
        cairo_surface_flush(target.surface)
        let src = UnsafeRawPointer(cairo_image_surface_get_data(source.surface)!)
        let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(target.surface)!)
        let (sw, sh, sStride, dStride) = (source.width, source.height, source.stride, target.stride)
        func texel(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= 0, y >= 0, x < sw, y < sh else { return 0 }
            return src.load(fromByteOffset: y * sStride + x * 4, as: UInt32.self)
        }
        let m = inverse.m
        for j in 0..<target.height {
            let dy = Double(origin.1 + j) + 0.5
            for i in 0..<target.width {
                let dx = Double(origin.0 + i) + 0.5
                let w = m[6] * dx + m[7] * dy + m[8]
                guard w != 0 else { continue }
                let u = (m[0] * dx + m[1] * dy + m[2]) / w - 0.5, v = (m[3] * dx + m[4] * dy + m[5]) / w - 0.5
                guard u > -1, v > -1, u < Double(sw), v < Double(sh) else { continue }
                let ui = Int(u.rounded(.down)), vi = Int(v.rounded(.down))
                let fu = u - Double(ui), fv = v - Double(vi)
                let (a, b, c, d) = (texel(ui, vi), texel(ui + 1, vi), texel(ui, vi + 1), texel(ui + 1, vi + 1))
                var pixel: UInt32 = 0
                for shift in stride(from: UInt32(0), through: 24, by: 8) {
                    func ch(_ p: UInt32) -> Double { Double((p >> shift) & 0xFF) }
                    let top = ch(a) + (ch(b) - ch(a)) * fu, bottom = ch(c) + (ch(d) - ch(c)) * fu
                    pixel |= UInt32(min(255, max(0, (top + (bottom - top) * fv).rounded()))) << shift
                }
                dst.storeBytes(of: pixel, toByteOffset: j * dStride + i * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(target.surface)
    }
}
