/// What a write sent with an `Idempotency-Key` found when it claimed the key (`IdempotencyRepository.claim`).
public enum IdempotencyClaim: Sendable, Equatable {
    /// The key is new: the write runs, and its answer is then kept (`finish`) or the claim let go (`release`).
    case claimed
    /// The same request was answered before: this is its answer.
    case answered(IdempotentAnswer)
    /// The key was used for another request (method, path or body).
    case reused
    /// The same request is running now, in this server process.
    case running
    /// The same request started in a server process that has ended (a crash or restart): whether
    /// it took effect is unknown.
    case interrupted
}
