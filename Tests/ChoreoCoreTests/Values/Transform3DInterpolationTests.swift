import Testing
@testable import ChoreoCore

@Suite("Transform interpolation between transforms that do not rotate")
struct Transform3DInterpolationTests {
    /// The recomposition with the rotation slerped, as for any pair of transforms.
    private func slerped(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        let (p, q) = (a.decomposed!, b.decomposed!)
        return Transform3D(Transform3D.Decomposed(
            translation: p.translation.interpolated(to: q.translation, fraction: t),
            scale: p.scale.interpolated(to: q.scale, fraction: t),
            skew: Transform3D.Skew(xy: lerp(p.skew.xy, q.skew.xy, t), xz: lerp(p.skew.xz, q.skew.xz, t),
                                   yz: lerp(p.skew.yz, q.skew.yz, t)),
            perspective: Transform3D.Perspective(
                x: lerp(p.perspective.x, q.perspective.x, t), y: lerp(p.perspective.y, q.perspective.y, t),
                z: lerp(p.perspective.z, q.perspective.z, t), w: lerp(p.perspective.w, q.perspective.w, t)),
            quaternion: p.quaternion.slerp(to: q.quaternion, fraction: t)))
    }

    @Test("Scales and translations interpolate to the bit as the general slerp path does, overshooting too")
    func identityRotationIsExact() throws {
        let pairs: [(Transform3D, Transform3D)] = [
            (try Transform3D.scale(1 / 3, 1 / 3, 1 / 3), .identity),
            (try Transform3D.scale(0.5, 2, 1), try Transform3D.translation(10, -4, 3)),
            (try Transform3D.translation(-7, 0.1, 0).concatenating(try Transform3D.scale(3, 3, 1)), try Transform3D.scale(-1, 1, 1)),
        ]
        for (a, b) in pairs {
            let interpolation = Transform3D.Interpolation(from: a, to: b)
            #expect(interpolation.keepsIdentityRotation == (a.decomposed!.quaternion.isExactIdentity && b.decomposed!.quaternion.isExactIdentity))
            for step in -40...140 where step != 0 && step != 100 {
                let t = Double(step) / 100 + 0.001
                #expect(interpolation.value(at: t).entries.map(\.bitPattern) == slerped(a, b, t).entries.map(\.bitPattern), "at \(t)")
            }
        }
    }

    @Test("A pure scale decomposes to the exact identity rotation")
    func scaleHasIdentityRotation() throws {
        #expect(try Transform3D.scale(1 / 3, 0.5, 2).decomposed!.quaternion.isExactIdentity)
        #expect(!(try Transform3D.rotation(0.3, 0, 0, 1)).decomposed!.quaternion.isExactIdentity)
    }
}
