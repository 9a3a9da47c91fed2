import Testing
@testable import ChoreoCore

/// `LayerProperties.transform` lives in a shared immutable box (`TransformBox`); what is read
/// back must be what was written, bit for bit, and properties must compare as values.
@Suite("A layer's transform storage")
struct LayerTransformStorageTests {
    @Test("The identity is one shared box; any other transform, even an identity with a −0 entry, keeps its own bits")
    func identityIsShared() {
        var a = LayerProperties(), b = LayerProperties()
        #expect(a.transformBox === b.transformBox)
        a.transform = Transform3D(scaleX: 1, y: 1, z: 1)  // the identity, computed
        #expect(a.transformBox === TransformBox.identity)
        var negativeZero = Transform3D.identity
        negativeZero.m21 = -0.0  // what −sin(0) gives in a rotation by 0
        b.transform = negativeZero
        #expect(b.transformBox !== TransformBox.identity)
        #expect(b.transform.m21.sign == .minus)
        #expect(a == b)  // compared as values: −0 == 0, as the matrix inline compared
    }

    @Test("A copy of the properties shares the box, and writing the copy leaves the original alone")
    func copiesShareUntilWritten() {
        var original = LayerProperties()
        original.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        var copy = original
        #expect(copy.transformBox === original.transformBox)
        copy.transform = Transform3D(translationX: 5, y: 6, z: 7)
        #expect(original.transform == Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
        #expect(copy.transform.m41 == 5 && copy.transform.m42 == 6 && copy.transform.m43 == 7)
    }

    @Test("A model transform set from a script reads back exactly, by key path and in the presentation")
    func modelReadsBack() throws {
        let (scene, box) = makeScene()
        let turned = Transform3D(rotationAngle: 1e-300, x: 0, y: 0, z: 1).scaledBy(x: 3, y: 2, z: 1)
        box.layer.set(.transform(turned), at: PropertyPath(.transform))
        scene.advance(to: 1)
        #expect(box.layer.modelValue(at: PropertyPath(.transform)) == .transform(turned))
        #expect(box.layer.presentation.transform == turned)
        box.layer.set(.transform(.identity), at: PropertyPath(.transform))
        #expect(box.layer.model.transformBox === TransformBox.identity)
    }
}
