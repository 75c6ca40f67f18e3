import ShapeGeometry

/// The state of the statement running (`Interpreter.current`).
extension Interpreter {
    /// What one top-level statement keeps while it runs: as a new one for each (`execute` resets
    /// it in place, `begin(at:)`), so no field can be left over from the statement before.
    struct StatementState {
        /// Loop iterations and units of work so far, against the limits.
        var iterations = 0
        var work = 0
        /// Calls of procedures in progress, and the blocks, calls and includes around the
        /// statement being run.
        var callDepth = 0
        var nesting = 0
        /// Where the path ended when the statement began, and the whole path if the statement
        /// replaced it (for rollback and undo).
        var start = 0
        @HeldByReference var savedPath: Path? = nil
        /// The statement changed the session (one undo step).
        var changed = false
        /// The variables it has set so far, with what they held before it.
        var globalChanges: [String: Value?] = [:]
        /// The procedures' local variables, innermost last.
        var scopes: [[String: Value]] = []
        /// A report held a number that is not finite: the command fails instead of printing it.
        var nonFiniteReport = false
        /// The value of a `return` on its way out of the blocks of the procedure running it.
        @HeldByReference var returning: Value? = nil
        /// Reports are caught here instead of emitted while a query runs as a function.
        var capturing = 0
        @HeldByReference var captured: Report? = nil
        /// The figure layers the statement's queries drew in: a change of the path that is not an
        /// append empties the others.
        var drewLayers: [Figure.Layer] = []
        /// The undo steps `undo` took off the history, in order, to put back if the statement
        /// fails.
        var undone: [UndoRecord] = []

        /// Makes this the state of a new statement starting at path element `start`, as
        /// `StatementState(start:)` is, in place: a list or box that is already empty is left as
        /// it is (assigning a new state released each of them, five releases a plain statement).
        /// `StatementStateTests` holds this to every field.
        mutating func begin(at start: Int) {
            (iterations, work, callDepth, nesting, self.start) = (0, 0, 0, 0, start)
            (changed, nonFiniteReport, capturing) = (false, false, 0)
            if $savedPath { savedPath = nil }
            if !globalChanges.isEmpty { globalChanges = [:] }
            if !scopes.isEmpty { scopes = [] }
            if $returning { returning = nil }
            if $captured { captured = nil }
            if !drewLayers.isEmpty { drewLayers = [] }
            if !undone.isEmpty { undone = [] }
        }
    }
}
