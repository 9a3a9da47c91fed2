import ChoreoCore

/// How `expectImage` turns the scene into pixels and compares them with a golden PNG.
///
/// ChoreoLua sits below the renderer (DESIGN §1: the arrows point down), so whoever runs the
/// tests supplies this: `choreo test` passes one built on ChoreoRender's `SceneRenderer` and
/// `ImageComparison`. Without one, `expectImage` fails with an error saying so.
public struct SceneImageMatcher: Sendable {
    public enum Result: Equatable, Sendable {
        case matched
        /// The golden was written (recording, or updating a golden that differed).
        case written
        /// There is no golden and the run does not record.
        case missing
        /// The rendered image differs: why.
        case different(String)
    }

    /// Renders `scene` as it presents now and compares it with the PNG at `goldenPath`; when
    /// `record` is true, writes it there instead of failing (missing or different).
    public var check: @Sendable (_ scene: Scene, _ goldenPath: String, _ record: Bool) throws -> Result

    public init(check: @escaping @Sendable (_ scene: Scene, _ goldenPath: String, _ record: Bool) throws -> Result) {
        self.check = check
    }
}
