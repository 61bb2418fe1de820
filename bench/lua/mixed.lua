-- wrk: a mix of what people do, by request count: 40 % the list's first page, 40 % a wish's detail,
-- 15 % a name search, 5 % a new wish. IDS is a file of wish ids, one a line, for the details.
local token = os.getenv("TOKEN")
local ids = {}
for line in io.lines(os.getenv("IDS")) do ids[#ids + 1] = line end
local queries = { "bik", "lamp", "watch", "guitar", "retro", "%EA%B0%80%EB%B0%A9", "%EC%8B%9C%EA%B3%84", "%ED%85%90%ED%8A%B8" }
local auth = { ["Authorization"] = "Bearer " .. token }
local created = 0
math.randomseed(os.time())
request = function()
  local roll = math.random(100)
  if roll <= 40 then
    return wrk.format("GET", "/api/v1/wishes", auth)
  elseif roll <= 80 then
    return wrk.format("GET", "/api/v1/wishes/" .. ids[math.random(#ids)], auth)
  elseif roll <= 95 then
    return wrk.format("GET", "/api/v1/search?q=" .. queries[math.random(#queries)], auth)
  end
  created = created + 1
  return wrk.format("POST", "/api/v1/wishes",
    { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" },
    string.format('{"name":"mixed wish %d %d"}', os.time(), created))
end
