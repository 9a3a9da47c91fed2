/// The options of a view animation block (UIView.AnimationOptions and KeyframeAnimationOptions),
/// with UIKit's bit layout, and parsed from the names scripts use.
///
///     let options = try ViewAnimationOptions(parsing: ["curveEaseOut", "repeat", "autoreverse"])
///     options.curve            // CubicBezierCurve.easeOut
///
/// Three fields are enumerations packed in bits, as in UIKit: the curve (2 bits at 16; ease-in-out
/// is 0, the default), the transition (3 bits at 20; none is 0) and, for keyframe blocks, the
/// calculation mode (3 bits at 10; linear is 0). Giving two values of one field keeps the last.
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = ViewAnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = ViewAnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 9)

    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    public static let transitionNone = ViewAnimationOptions(rawValue: 0 << 20)
    public static let transitionFlipFromLeft = ViewAnimationOptions(rawValue: 1 << 20)
    public static let transitionFlipFromRight = ViewAnimationOptions(rawValue: 2 << 20)
    public static let transitionCurlUp = ViewAnimationOptions(rawValue: 3 << 20)
    public static let transitionCurlDown = ViewAnimationOptions(rawValue: 4 << 20)
    public static let transitionCrossDissolve = ViewAnimationOptions(rawValue: 5 << 20)
    public static let transitionFlipFromTop = ViewAnimationOptions(rawValue: 6 << 20)
    public static let transitionFlipFromBottom = ViewAnimationOptions(rawValue: 7 << 20)

    public static let calculationModeLinear = ViewAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = ViewAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = ViewAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = ViewAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = ViewAnimationOptions(rawValue: 4 << 10)

    private static let curveMask: UInt = 3 << 16
    private static let transitionMask: UInt = 7 << 20
    private static let calculationModeMask: UInt = 7 << 10

    /// Every option by the name scripts give it, in UIKit's order.
    public static let named: [(name: String, option: ViewAnimationOptions)] = [
        ("layoutSubviews", .layoutSubviews), ("allowUserInteraction", .allowUserInteraction),
        ("beginFromCurrentState", .beginFromCurrentState), ("repeat", .repeat), ("autoreverse", .autoreverse),
        ("overrideInheritedDuration", .overrideInheritedDuration), ("overrideInheritedCurve", .overrideInheritedCurve),
        ("allowAnimatedContent", .allowAnimatedContent), ("showHideTransitionViews", .showHideTransitionViews),
        ("overrideInheritedOptions", .overrideInheritedOptions),
        ("curveEaseInOut", .curveEaseInOut), ("curveEaseIn", .curveEaseIn), ("curveEaseOut", .curveEaseOut),
        ("curveLinear", .curveLinear),
        ("transitionNone", .transitionNone), ("transitionFlipFromLeft", .transitionFlipFromLeft),
        ("transitionFlipFromRight", .transitionFlipFromRight), ("transitionCurlUp", .transitionCurlUp),
        ("transitionCurlDown", .transitionCurlDown), ("transitionCrossDissolve", .transitionCrossDissolve),
        ("transitionFlipFromTop", .transitionFlipFromTop), ("transitionFlipFromBottom", .transitionFlipFromBottom),
        ("calculationModeLinear", .calculationModeLinear), ("calculationModeDiscrete", .calculationModeDiscrete),
        ("calculationModePaced", .calculationModePaced), ("calculationModeCubic", .calculationModeCubic),
        ("calculationModeCubicPaced", .calculationModeCubicPaced),
    ]

    /// Options from their names; an unknown name is an error listing the valid ones.
    public init(parsing names: [String]) throws(ArgumentError) {
        var options = ViewAnimationOptions()
        for name in names {
            guard let option = Self.named.first(where: { $0.name == name })?.option else {
                throw ArgumentError(
                    parameter: "options",
                    requirement: "must be one of " + Self.named.map(\.name).joined(separator: ", "),
                    value: "\"\(name)\"")
            }
            options.insertField(option)
        }
        self = options
    }

    /// Inserts `option`; a value of a packed field replaces the field's previous value.
    mutating func insertField(_ option: ViewAnimationOptions) {
        for mask in [Self.curveMask, Self.transitionMask, Self.calculationModeMask] where option.rawValue & mask != 0 {
            self = ViewAnimationOptions(rawValue: rawValue & ~mask)
        }
        formUnion(option)
    }

    /// The options without the curve field.
    var withoutCurve: ViewAnimationOptions { ViewAnimationOptions(rawValue: rawValue & ~Self.curveMask) }
    /// Only the curve field.
    var curveField: ViewAnimationOptions { ViewAnimationOptions(rawValue: rawValue & Self.curveMask) }

    /// The timing curve the curve field selects (ease-in-out when unset).
    public var curve: CubicBezierCurve {
        switch (rawValue & Self.curveMask) >> 16 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }

    /// `curve` as a timing curve, the same one for every block that selects it: a cubic is too
    /// large to sit inside `any TimingCurve`, so each conversion would box a copy, and every
    /// animation a block makes keeps its block's curve (10,000 blocks, 2 MB of boxes).
    public var timingCurve: any TimingCurve {
        switch (rawValue & Self.curveMask) >> 16 {
        case 1: Self.boxedCurves.easeIn
        case 2: Self.boxedCurves.easeOut
        case 3: Self.boxedCurves.linear
        default: Self.boxedCurves.easeInOut
        }
    }

    private static let boxedCurves: (easeIn: any TimingCurve, easeOut: any TimingCurve, linear: any TimingCurve,
                                     easeInOut: any TimingCurve) =
        (CubicBezierCurve.easeIn, CubicBezierCurve.easeOut, CubicBezierCurve.linear, CubicBezierCurve.easeInOut)

    /// The transition the transition field selects, nil for transitionNone.
    public var transition: TransitionAnimation.Kind? {
        switch (rawValue & Self.transitionMask) >> 20 {
        case 1: .flipFromLeft
        case 2: .flipFromRight
        case 3: .curlUp
        case 4: .curlDown
        case 5: .crossDissolve
        case 6: .flipFromTop
        case 7: .flipFromBottom
        default: nil
        }
    }

    /// The keyframe calculation mode the calculation-mode field selects (linear when unset).
    public var calculationMode: CalculationMode {
        switch (rawValue & Self.calculationModeMask) >> 10 {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }
}
