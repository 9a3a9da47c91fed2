/// One animatable layer property, declared once in `PropertyCatalogue`: its key path name, the
/// kind of value it holds, where a view exposes it, the numbers the frame loop reaches directly,
/// and how to read and write it in `LayerProperties`.
///
/// Everything else is derived from the declaration: key-path parsing and error messages
/// (`PropertyPath`), `LayerProperties.value(at:)` and `setValue(_:at:)`, the scalar slots, the Lua
/// property lists of `Layer`, `View` and presentations, and the property table of docs/lua-api.md.
///
///     let position = PropertyCatalogue.named("position")!
///     position.keyPaths          // ["position", "position.x", "position.y"]
///     position.defaultValue      // .point(0, 0)
///     position.view              // .uikit("center")
public struct AnimatableProperty: Sendable {
    /// Where a view (UIView) exposes the property besides `view.layer`.
    public enum ViewFace: Hashable, Sendable {
        /// Only on the layer (`view.layer.anchorPoint`).
        case layerOnly
        /// Under UIKit's own name and type on the view: `center` (position), `bounds`, `alpha`
        /// (opacity), `backgroundColor`, `transform` (its 2D face). `frame` is derived from
        /// position, bounds, anchor point and transform, so it is no property of its own.
        case uikit(String)
        /// On the view under the layer's name, a Choreo shorthand (`view.cornerRadius`).
        case sameName
        /// Under the layer's name on the one kind of view that uses it, named by its class: a
        /// `ShapeView`'s `strokeStart`, a `BlurView`'s `blurRadius`.
        case contentView(String)
    }

    /// The key path's first component: `position`, `transform`.
    public let name: String
    public let property: PropertyPath.Property
    /// The kind of value the whole property holds.
    public let valueKind: ValueKind
    public let view: ViewFace
    /// Where constructors (`Layer.new{...}`, `View.new{...}`) apply the property among the others
    /// (lowest first; gaps leave room): the anchor point, then geometry, then appearance. The
    /// order matters where properties depend on each other (a frame is placed by the anchor point)
    /// and in the list of settable names an unknown key's error shows.
    public let applyOrder: Int
    /// What the property does, for the documentation's table.
    public let summary: String
    /// The layer class that has the property (`.layer`: every layer has it).
    public let layerClass: LayerClass
    /// Whether the name is the property's only on layers of its class: an emitter's `birthRate`,
    /// `lifetime`, `velocity`, `scale` and `spin` are names scripts also give custom properties
    /// of other layers, so a key path resolves to them only on an emitter
    /// (`Layer.resolvingClassNames(_:)`); `PropertyPath(parsing:)` alone reads them as custom.
    public let isClassScoped: Bool
    /// The scalar slot of each numeric component the frame loop reaches without decomposing
    /// (`.x` of `position`, `.whole` of `opacity`); transforms and colors have none.
    let scalarSlots: [PropertyPath.Component: ScalarSlot]
    /// Reads and writes the property (`PropertyCatalogue.readers` and `writers` hold them apart,
    /// for the reads and writes by key path). The accessors reach the properties by address
    /// (`inout`): a `LayerProperties` (296 bytes) passed by value is copied at every call of a
    /// closure, and a read by key path of a layer's model, or the renderer's check of every
    /// property of every layer each frame, would copy it once per property.
    let read: @Sendable (inout LayerProperties, PropertyPath.Component) -> AnimationValue
    /// Whether the property's value in some properties is finite, read in place.
    let isFiniteIn: @Sendable (inout LayerProperties) -> Bool
    let write: @Sendable (inout LayerProperties, AnimationValue, PropertyPath.Component) -> Void

    /// Declares a property stored in `LayerProperties`: `get` and `set` reach its field (closures
    /// rather than a key path, because applying a `WritableKeyPath` at run time costs far more
    /// than the field access, and these run every frame). Its default is the field's initial value.
    init<Value: LayerPropertyValue>(
        _ name: String, _ property: PropertyPath.Property, _ summary: String, applyOrder: Int,
        get: @escaping @Sendable (inout LayerProperties) -> Value,
        set: @escaping @Sendable (inout LayerProperties, Value) -> Void,
        view: ViewFace = .layerOnly, slots: [PropertyPath.Component: ScalarSlot] = [:], layerClass: LayerClass = .layer,
        classScoped: Bool = false
    ) {
        self.name = name
        self.property = property
        self.valueKind = Value.valueKind
        self.view = view
        self.applyOrder = applyOrder
        self.summary = summary
        self.layerClass = layerClass
        self.isClassScoped = classScoped
        self.scalarSlots = slots
        read = { properties, component in get(&properties).value(at: component) }
        isFiniteIn = { get(&$0).isFiniteValue }
        write = { properties, value, component in
            if component == .whole {
                if let whole = Value(value) { set(&properties, whole) }
            } else {
                var whole = get(&properties)
                whole.setValue(value, at: component)
                set(&properties, whole)
            }
        }
    }

    /// Every key path that reaches the property: its name, then its sub-paths.
    public var keyPaths: [String] { [name] + valueKind.subPaths.map { "\(name).\($0.name)" } }

    /// Core Animation's default, which a new layer has.
    public var defaultValue: AnimationValue { value(in: LayerProperties(), at: .whole) }

    /// The name a view exposes the property under, if any (`center` for position).
    public var viewName: String? {
        switch view {
        case .layerOnly: nil
        case let .uikit(name): name
        case .sameName, .contentView: name
        }
    }

    /// The value of `component` (one of `valueKind.subPaths`, or `.whole`) in `properties`.
    public func value(in properties: LayerProperties, at component: PropertyPath.Component) -> AnimationValue {
        var properties = properties
        return read(&properties, component)
    }

    /// Writes `value` at `component`; a value of another kind than the component holds is ignored.
    public func setValue(
        _ value: AnimationValue, in properties: inout LayerProperties, at component: PropertyPath.Component
    ) {
        write(&properties, value, component)
    }
}
