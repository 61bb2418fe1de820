-- wrk: a new wish a request, each with a name of its own, at the URL's path (POST /api/v1/wishes).
-- TOKEN is an API token of the account.
local headers = { ["Authorization"] = "Bearer " .. os.getenv("TOKEN"), ["Content-Type"] = "application/json" }
local created = 0
request = function()
  created = created + 1
  return wrk.format("POST", nil, headers, string.format('{"name":"bench wish %d","tags":["bench"]}', created))
end
