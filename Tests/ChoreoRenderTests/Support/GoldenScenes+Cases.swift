@testable import ChoreoCore

extension GoldenScene {
    /// One scene per content kind and drawing feature.
    static let contentKinds: [GoldenScene] = [
        GoldenScene(name: "rectangle") { scene in
            let box = view("box", 10, 10, 60, 40, rgb(1, 0, 0), in: scene.rootView)
            try animate(box, "backgroundColor", from: .color(rgb(1, 0, 0)), to: .color(rgb(0, 0, 1)))
            try animate(box, "cornerRadius", from: .scalar(0), to: .scalar(20))
            try animate(box, "borderWidth", from: .scalar(0), to: .scalar(6))
            try set(box, "borderColor", .color(rgb(0, 0.6, 0)))
        },
        GoldenScene(name: "group-opacity") { scene in
            let group = view("group", 10, 10, 60, 40, in: scene.rootView)
            _ = view("a", 0, 0, 40, 40, rgb(1, 0, 0), in: group)
            _ = view("b", 20, 0, 40, 40, rgb(0, 0, 1), in: group)
            try animate(group, "opacity", from: .scalar(1), to: .scalar(0.2))
        },
        GoldenScene(name: "transform") { scene in
            let bar = view("bar", 40, 30, 30, 10, rgb(0.9, 0.5, 0), in: scene.rootView)
            try set(bar, "anchorPoint", .point(Point(x: 0, y: 0.5)))
            try set(bar, "position", .point(Point(x: 40, y: 30)))
            try animate(bar, "transform", from: .transform(.identity),
                        to: .transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).concatenating(Transform3D(scaleX: 1.5, y: 1.5, z: 1))))
        },
        GoldenScene(name: "clip") { scene in
            let clip = view("clip", 15, 10, 50, 40, rgb(0.85, 0.85, 0.85), in: scene.rootView)
            clip.layer.masksToBounds = true
            try set(clip, "cornerRadius", .scalar(12))
            let ball = view("ball", 5, 5, 30, 30, rgb(0.1, 0.5, 0.9), in: clip)
            try set(ball, "cornerRadius", .scalar(15))
            try animate(ball, "position", from: .point(Point(x: 20, y: 20)), to: .point(Point(x: 50, y: 40)))
        },
        GoldenScene(name: "shadow") { scene in
            let card = view("card", 20, 15, 40, 30, rgb(1, 1, 1), in: scene.rootView)
            try set(card, "cornerRadius", .scalar(6))
            try animate(card, "shadowOpacity", from: .scalar(0), to: .scalar(0.8))
            try animate(card, "shadowRadius", from: .scalar(0), to: .scalar(6))
            try animate(card, "shadowOffset", from: .size(Size(width: 0, height: 0)), to: .size(Size(width: 4, height: 6)))
        },
        GoldenScene(name: "label") { scene in
            for (i, alignment) in [TextContent.Alignment.left, .center, .right].enumerated() {
                let label = view("label\(i)", 5, 2 + Double(i) * 19, 70, 18, rgb(0.95, 0.95, 0.8),
                                 content: .text(TextContent(text: "Ag \(i)", fontSize: 13, fontWeight: i == 1 ? .bold : .regular,
                                                            textColor: rgb(0.1, 0.1, 0.4), alignment: alignment)),
                                 in: scene.rootView)
                try animate(label, "opacity", from: .scalar(0.2), to: .scalar(1))
            }
        },
        GoldenScene(name: "image") { scene in
            let image = view("image", 10, 10, 32, 24, content: .image(ImageContent(path: fixtureImagePath)), in: scene.rootView)
            image.layer.masksToBounds = true
            try set(image, "cornerRadius", .scalar(5))
            try animate(image, "bounds", from: .rect(Rect(x: 0, y: 0, width: 32, height: 24)), to: .rect(Rect(x: 0, y: 0, width: 64, height: 44)))
        },
        GoldenScene(name: "shape") { scene in
            var path = BezierPath(ellipseIn: Rect(x: 5, y: 5, width: 40, height: 40))
            path.move(to: Point(x: 50, y: 45))
            path.addQuadCurve(to: Point(x: 70, y: 5), control: Point(x: 75, y: 45))
            let shape = view("shape", 0, 5, 80, 50, content: .shape(ShapeContent()), in: scene.rootView)
            try set(shape, "path", .path(path))
            try set(shape, "strokeColor", .color(rgb(0.8, 0.1, 0.3)))
            try set(shape, "fillColor", .color(rgb(0.9, 0.9, 1)))
            try set(shape, "lineWidth", .scalar(4))
            try animate(shape, "strokeEnd", from: .scalar(0), to: .scalar(1))
            try animate(shape, "strokeStart", from: .scalar(0), to: .scalar(0.2))
        },
        GoldenScene(name: "blur") { scene in
            for i in 0..<8 { _ = view("stripe\(i)", Double(i) * 10, 0, 5, 60, rgb(0, 0, 0), in: scene.rootView) }
            let blur = view("blur", 15, 10, 50, 40, rgb(1, 1, 1, 0.2), content: .blur, in: scene.rootView)
            try set(blur, "cornerRadius", .scalar(8))
            try animate(blur, "blurRadius", from: .scalar(0), to: .scalar(4))
        },
        GoldenScene(name: "perspective") { scene in
            let card = view("card", 20, 10, 40, 40, rgb(0.2, 0.6, 0.3), in: scene.rootView)
            _ = view("mark", 4, 4, 12, 12, rgb(1, 1, 0), in: card)
            let eye = Transform3D(perspectiveEyeDistance: 100)
            try animate(card, "transform", from: .transform(eye),
                        to: .transform(Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0).concatenating(eye)))
        },
        GoldenScene(name: "perspective-overflow") { scene in
            // A sublayer reaching out of a turning layer turns with it, and casts its shadow.
            let card = view("card", 25, 15, 30, 30, rgb(0.8, 0.2, 0.5), in: scene.rootView)
            let tab = view("tab", 20, -8, 25, 12, rgb(0.2, 0.2, 0.2), in: card)
            try set(tab, "shadowOpacity", .scalar(0.6))
            try set(tab, "shadowOffset", .size(Size(width: 0, height: 3)))
            let eye = Transform3D(perspectiveEyeDistance: 120)
            try animate(card, "transform", from: .transform(eye),
                        to: .transform(Transform3D(rotationAngle: -.pi / 3, x: 1, y: 0, z: 0).concatenating(eye)))
        },
        GoldenScene(name: "scaled", scale: 2) { scene in
            let box = view("box", 10, 10, 40, 30, rgb(0.3, 0.3, 0.9), in: scene.rootView)
            try set(box, "cornerRadius", .scalar(8))
            try animate(box, "position", from: .point(Point(x: 30, y: 25)), to: .point(Point(x: 50, y: 35)))
        },
    ]

    /// One scene per transition type: a blue container becomes orange with a white bar.
    static let transitions: [GoldenScene] = TransitionAnimation.Kind.allCases.map { kind in
        GoldenScene(name: "transition-\(kind.rawValue)") { scene in
            let container = view("container", 15, 10, 50, 40, rgb(0.2, 0.4, 0.9), in: scene.rootView)
            _ = view("dot", 5, 5, 10, 10, rgb(1, 1, 1), in: container)
            scene.commit()
            let transition = TransitionAnimation(type: kind, subtype: kind == .push || kind == .moveIn ? .fromRight : nil)
            transition.timing.duration = 1
            try container.layer.add(transition, forKey: nil)
            container.backgroundColor = rgb(1, 0.6, 0.1)
            _ = view("bar", 5, 25, 40, 8, rgb(1, 1, 1), in: container)
        }
    }

    /// Showing and hiding a view through a transition on itself (the seed's status banner).
    static let visibilityTransitions: [GoldenScene] = [(TransitionAnimation.Kind.curlDown, true), (.flipFromTop, false)].map { kind, shows in
        GoldenScene(name: "transition-\(shows ? "show" : "hide")-\(kind.rawValue)") { scene in
            let banner = view("banner", 10, 15, 60, 30, rgb(0.9, 0.9, 0.92), content: .text(TextContent(text: "Hello", fontSize: 12)),
                              in: scene.rootView)
            banner.isHidden = shows
            scene.commit()
            let transition = TransitionAnimation(type: kind)
            transition.timing.duration = 1
            try banner.layer.add(transition, forKey: nil)
            banner.isHidden = !shows
        }
    }

    static let all = contentKinds + shapes + transitions + visibilityTransitions + layerFeatures + gradients
        + replicatorScenes + emitterScenes
}
