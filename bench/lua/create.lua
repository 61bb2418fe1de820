-- wrk: a new wish a request, each with a name of its own, at the URL's path (POST /api/v1/wishes).
-- TOKEN is an API token of the account. With PACE_MS, each connection waits that many milliseconds
-- between its requests: an account writing steadily beside others rather than as fast as it can.
local headers = { ["Authorization"] = "Bearer " .. os.getenv("TOKEN"), ["Content-Type"] = "application/json" }
local created = 0
request = function()
  created = created + 1
  return wrk.format("POST", nil, headers, string.format('{"name":"bench wish %d","tags":["bench"]}', created))
end
local pace = tonumber(os.getenv("PACE_MS"))
if pace then
  function delay()
    return pace
  end
end
