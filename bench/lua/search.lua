-- wrk: name searches spread over many different queries (each request picks one at random), so
-- that no single query's answer stands for all of them.
local words = dofile("bench/lua/words.lua")
local token = os.getenv("TOKEN")
math.randomseed(os.time())
request = function()
  local query = words[math.random(#words)] .. (math.random(2) == 1 and "" or "e")
  return wrk.format("GET", "/api/v1/search?q=" .. query, { ["Authorization"] = "Bearer " .. token })
end
