-- The words of the name searches (search.lua, capacity.lua): Latin and Korean (percent-encoded)
-- beginnings of the generated wishes' names (WishlistBenchData's BenchmarkData).
return { "bik", "cam", "lamp", "chair", "desk", "watch", "jack", "guitar", "tent", "mug",
  "red", "blue", "vintage", "leather", "tiny", "cozy", "smart", "retro", "soft", "warm",
  "%EA%B0%80%EB%B0%A9", "%EC%8B%A0%EB%B0%9C", "%EB%AA%A8%EC%9E%90", "%EC%8B%9C%EA%B3%84",
  "%EC%9A%B0%EC%82%B0", "%ED%85%90%ED%8A%B8", "%EC%B1%85%EC%83%81", "%EB%9E%A8%ED%94%84" }
