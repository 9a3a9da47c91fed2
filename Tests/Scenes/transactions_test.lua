-- Transactions (CATransaction) in scene tests.

describe("Transaction", function()
  it("carries its animation duration while open", function()
    Transaction.begin()
    Transaction.setAnimationDuration(0.8)
    expect(Transaction.animationDuration()).toBe(0.8)
    Transaction.commit()
  end)

  it("runs its completion block when it commits, once", function()
    local done = 0
    Transaction.begin()
    Transaction.setCompletionBlock(function() done = done + 1 end)
    expect(done).toBe(0)
    Transaction.commit()
    expect(done).toBe(1)
    runUntilIdle()
    expect(done).toBe(1)
  end)

  it("refuses a commit without a begin, saying what to do", function()
    expect(function() Transaction.commit() end).toThrow("commit needs an open transaction (call begin first)")
  end)
end)
