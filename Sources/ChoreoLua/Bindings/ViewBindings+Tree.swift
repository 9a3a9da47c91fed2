import ChoreoCore

/// A view or a layer, as the hierarchy bindings add and insert it.
///
/// UIKit's `insertSubview(_:aboveSubview:)` and Core Animation's `insertSublayer(_:above:)` are
/// one operation under two names; this protocol gives it one, so `View:insertSubview` and
/// `Layer:insertSublayer` share their argument checks, Lua positions and messages.
protocol ScriptTreeNode: AnyObject {
    /// `view` or `layer`, as argument names and messages say it.
    static var noun: String { get }
    /// The keys of the options table: `insertSubview(child, { belowSubview = sibling })`,
    /// `insertSublayer(child, { below = sibling })`.
    static var siblingKeys: (below: String, above: String) { get }
    var parentNode: Self? { get }
    var childNodes: [Self] { get }
    func isDescendant(of node: Self) -> Bool
    /// Why `child` cannot be inserted here (a cycle, or a tree too deep), or nil.
    func insertionProblem(for child: Self) -> TreeInsertionProblem?
    func addChild(_ child: Self)
    /// Inserts `child` at a 0-based index among the children; 0 is the back.
    func insertChild(_ child: Self, at index: Int)
    func insertChild(_ child: Self, nextTo sibling: Self, above: Bool)
}

extension View: ScriptTreeNode {
    static let noun = "view"
    static let siblingKeys = (below: "belowSubview", above: "aboveSubview")
    var parentNode: View? { superview }
    var childNodes: [View] { subviews }
    func addChild(_ child: View) { addSubview(child) }
    func insertionProblem(for child: View) -> TreeInsertionProblem? { layer.insertionProblem(for: child.layer) }
    func insertChild(_ child: View, at index: Int) { insertSubview(child, at: index) }
    func insertChild(_ child: View, nextTo sibling: View, above: Bool) {
        if above { insertSubview(child, aboveSubview: sibling) } else { insertSubview(child, belowSubview: sibling) }
    }
}

extension Layer: ScriptTreeNode {
    static let noun = "layer"
    static let siblingKeys = (below: "below", above: "above")
    var parentNode: Layer? { superlayer }
    var childNodes: [Layer] { sublayers }
    func addChild(_ child: Layer) { addSublayer(child) }
    func insertChild(_ child: Layer, at index: Int) { insertSublayer(child, at: index) }
    func insertChild(_ child: Layer, nextTo sibling: Layer, above: Bool) {
        if above { insertSublayer(child, above: sibling) } else { insertSublayer(child, below: sibling) }
    }
}

/// The bodies of `addSubview`/`addSublayer` and the `insert...` methods, one for both types.
///
///     container:insertSubview(badge, 1)                      -- at the back
///     container:insertSubview(badge, { aboveSubview = box })
///     container:insertSubviewBelow(badge, box)
///     box.layer:insertSublayer(ring, { below = shape })
extension ScriptHost {
    /// `parent:addSubview(child)`: the child goes in front.
    static func addChild<Node: ScriptTreeNode>(_: Node.Type) -> LuaHostFunction {
        { call in
            let parent = try call.object(at: 1, as: Node.self)
            parent.addChild(try insertableChild(call, into: parent))
            return 0
        }
    }

    /// `parent:insertSubview(child, position)` with a 1-based position among the other children,
    /// or `parent:insertSubview(child, { aboveSubview = sibling })`.
    static func insertChild<Node: ScriptTreeNode>(_: Node.Type) -> LuaHostFunction {
        { call in
            let parent = try call.object(at: 1, as: Node.self)
            let child = try insertableChild(call, into: parent)
            if let options = try? call.table(at: 3) {
                let keys = Node.siblingKeys
                let below = try options.optionalObject(.name(keys.below), as: Node.self)
                let above = try options.optionalObject(.name(keys.above), as: Node.self)
                guard let sibling = below ?? above, (below == nil) != (above == nil) else {
                    throw BindingError("the options table needs exactly one of '\(keys.below)' and '\(keys.above)'")
                }
                try insert(child, into: parent, nextTo: sibling, above: above != nil)
            } else {
                let count = parent.childNodes.count { $0 !== child } + 1
                parent.insertChild(child, at: try Checked.position(call.value(at: 3), "index", count: count))
            }
            return 0
        }
    }

    /// `parent:insertSubviewBelow(child, sibling)` and `insertSubviewAbove`.
    static func insertChild<Node: ScriptTreeNode>(_: Node.Type, above: Bool) -> LuaHostFunction {
        { call in
            let parent = try call.object(at: 1, as: Node.self)
            let child = try insertableChild(call, into: parent)
            try insert(child, into: parent, nextTo: try call.object(at: 3, as: Node.self, name: "sibling"), above: above)
            return 0
        }
    }

    /// The child to add (argument 2), checked not to be the parent or one of its ancestors, and
    /// not to make the tree deeper than `Layer.maximumTreeDepth`.
    private static func insertableChild<Node: ScriptTreeNode>(_ call: LuaCallContext, into parent: Node) throws -> Node {
        let child = try call.object(at: 2, as: Node.self, name: Node.noun)
        try checkInsertion(of: child, into: parent)
        return child
    }

    /// Throws the message for `parent.insertionProblem(for: child)`, if there is one.
    static func checkInsertion<Node: ScriptTreeNode>(of child: Node, into parent: Node) throws {
        switch parent.insertionProblem(for: child) {
        case nil: return
        case .cycle:
            throw BindingError("a \(Node.noun) cannot be added to itself or to one of its sub\(Node.noun)s")
        case .isMask:
            throw BindingError("the \(Node.noun) is another layer's mask (a mask is in no tree; set that layer's mask to nil first)")
        case .tooDeep:
            throw BindingError("the \(Node.noun) tree would be more than \(Layer.maximumTreeDepth) levels deep "
                + "(the limit that keeps recursive tree walks off the end of the stack)")
        }
    }

    private static func insert<Node: ScriptTreeNode>(_ child: Node, into parent: Node, nextTo sibling: Node, above: Bool) throws {
        guard sibling.parentNode === parent, sibling !== child else {
            throw BindingError("the sibling must be another sub\(Node.noun) of the receiver")
        }
        parent.insertChild(child, nextTo: sibling, above: above)
    }
}
