@testable import ChoreoCore

extension GoldenScene {
    /// Replicator layers: copies moved, turned, tinted and delayed.
    static let replicatorScenes: [GoldenScene] = [
        // Five copies of a white bar, each 14 points right of and 10° turned from the one before
        // (about the replicator's center), tinted red with blue added per copy and fading per
        // copy, each 0.2 s behind the one before in a grow-and-fade of the bar.
        GoldenScene(name: "replicator") { scene in
            let replicator = Layer(name: "replicator", class: .replicator)
            replicator.set(.rect(Rect(x: 0, y: 0, width: 80, height: 60)), at: PropertyPath(.bounds))
            replicator.set(.point(Point(x: 40, y: 30)), at: PropertyPath(.position))
            try replicator.setInstanceCount(5)
            try replicator.setValue(.transform(Transform3D(rotationAngle: .pi / 18, x: 0, y: 0, z: 1)
                .concatenating(Transform3D(translationX: 14, y: 0, z: 0))), forKeyPath: "instanceTransform")
            try replicator.setValue(.scalar(0.2), forKeyPath: "instanceDelay")
            try replicator.setValue(.color(rgb(1, 0.2, 0.2)), forKeyPath: "instanceColor")
            try replicator.setValue(.scalar(0.2), forKeyPath: "instanceBlueOffset")
            try replicator.setValue(.scalar(-0.15), forKeyPath: "instanceAlphaOffset")
            let bar = Layer(name: "bar")
            bar.set(.rect(Rect(x: 0, y: 0, width: 8, height: 30)), at: PropertyPath(.bounds))
            bar.set(.point(Point(x: 12, y: 30)), at: PropertyPath(.position))
            bar.set(.color(.white), at: PropertyPath(.backgroundColor))
            bar.set(.scalar(3), at: PropertyPath(.cornerRadius))
            replicator.addSublayer(bar)
            scene.rootLayer.addSublayer(replicator)
            let grow = BasicAnimation(keyPath: "transform.scale.y")
            (grow.fromValue, grow.toValue, grow.timing.duration) = (.scalar(0.3), .scalar(1), 1)
            try bar.add(grow, forKey: "grow")
            let fade = BasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.timing.duration) = (.scalar(1), .scalar(0.4), 1)
            try bar.add(fade, forKey: "fade")
            // A dark background so that the tint shows on every copy.
            scene.rootView.backgroundColor = rgb(0.15, 0.15, 0.2)
        },
    ]
}
