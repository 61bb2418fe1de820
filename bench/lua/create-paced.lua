-- wrk: create.lua's new wishes, each connection waiting PACE_MS (default 1) between its requests:
-- an account writing steadily beside others rather than as fast as it can.
local headers = { ["Authorization"] = "Bearer " .. os.getenv("TOKEN"), ["Content-Type"] = "application/json" }
local created = 0
request = function()
  created = created + 1
  return wrk.format("POST", nil, headers, string.format('{"name":"paced wish %d","tags":["paced"]}', created))
end
local pace = tonumber(os.getenv("PACE_MS") or "1")
function delay()
  return pace
end
