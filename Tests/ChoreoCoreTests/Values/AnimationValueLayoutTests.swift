import ChoreoCore
import Testing

/// What an animation value costs where animations store it, and what the memory limit charges.
@Suite("AnimationValue's size and its memory charge")
struct AnimationValueLayoutTests {
    @Test("A value is no larger than a rect or a color with its case: the transform's matrix is boxed")
    func stride() {
        #expect(MemoryLayout<AnimationValue>.stride == 40)
        #expect(MemoryLayout<AnimationValue?>.stride == 40)
    }

    @Test("A transform value copied and changed leaves the original as it was")
    func valueSemantics() {
        let original = AnimationValue.transform(Transform3D(scaleX: 2, y: 2, z: 1))
        var copy = original
        copy = copy + .transform(Transform3D(translationX: 10, y: 0, z: 0))
        #expect(original == .transform(Transform3D(scaleX: 2, y: 2, z: 1)))
        #expect(copy != original)
    }

    @Test("Keyframe values are charged 40 bytes each, 184 for a transform (docs/lua-api.md, Limits)")
    func keyframeCharges() {
        let fade = KeyframeAnimation(keyPath: "opacity")
        fade.values = [.scalar(0), .scalar(1), .scalar(0.5)]
        #expect(fade.estimatedHostBytes == 512 + 3 * 40)
        let spin = KeyframeAnimation(keyPath: "transform")
        spin.values = [.transform(.identity), .transform(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1))]
        #expect(spin.estimatedHostBytes == 512 + 2 * 184)
    }
}
