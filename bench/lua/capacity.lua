-- wrk (one thread): the requests of bench/capacity.py, until COUNT are answered (when given); then
-- wrk ends at once, without its summary (the server's log counts the requests; a thread's stop would
-- leave wrk waiting out its -d). KIND is one of list, kept, search, create, upload, or mix with
-- MIX the weights, e.g. "list=60,search=25,create=12,upload=3". TOKEN is an API token of the
-- account; PHOTO the JPEG uploaded, made a new original each time by a counter after its end (a
-- JPEG's decoders stop at its end marker), as a person uploads different photos.
local words = dofile("bench/lua/words.lua")
local token = os.getenv("TOKEN")
local count = tonumber(os.getenv("COUNT") or "")
local run = os.getenv("RUN") or tostring(os.time())
local auth = { ["Authorization"] = "Bearer " .. token }
-- Fresh answers: the reads run their queries, as after any write of the account (the read cache
-- keeps an answer only until the account's next write).
local fresh = { ["Authorization"] = "Bearer " .. token, ["Cache-Control"] = "no-cache" }
local json = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
local boundary = "capacity-5d1e0c4b"
local multipart = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "multipart/form-data; boundary=" .. boundary }
local photo = ""
if os.getenv("PHOTO") then
  local file = assert(io.open(os.getenv("PHOTO"), "rb"))
  photo = file:read("*a")
  file:close()
end
local sent = 0
-- New wishes named like the generated ones, so that searches find them as often: named apart, they
-- would be rows every search walks past (the newest first) without a match.
local names = { "Vintage camera", "Red bike", "Leather watch", "Cozy lamp", "Tiny tent", "Retro mug",
  "Soft chair", "Smart desk", "Warm jacket", "Blue guitar", "파란 가방", "작은 시계", "캠핑 텐트",
  "나무 책상", "예쁜 모자", "가벼운 우산" }

local kinds = {
  list = function() return wrk.format("GET", "/api/v1/wishes", fresh) end,
  kept = function() return wrk.format("GET", "/api/v1/wishes", auth) end,
  search = function()
    return wrk.format("GET", "/api/v1/search?q=" .. words[math.random(#words)], fresh)
  end,
  create = function()
    return wrk.format("POST", "/api/v1/wishes", json,
      string.format('{"name":"%s %d","tags":["bench"]}', names[math.random(#names)], sent))
  end,
  upload = function()
    local body = "--" .. boundary .. "\r\n"
      .. 'Content-Disposition: form-data; name="file"; filename="photo.jpg"\r\n'
      .. "Content-Type: image/jpeg\r\n\r\n"
      .. photo .. string.format("capacity %s %d", run, sent) .. "\r\n--" .. boundary .. "--\r\n"
    return wrk.format("POST", "/api/v1/photos", multipart, body)
  end,
}

-- The mix as a sequence of kinds, each as often as its weight, shuffled once with a fixed seed and
-- then sent in turn: any run of the sequence's length holds the mix exactly.
local sequence = {}
for name, weight in string.gmatch(os.getenv("MIX") or "", "(%a+)=(%d+)") do
  for _ = 1, tonumber(weight) do sequence[#sequence + 1] = kinds[name] end
end
math.randomseed(1)
for i = #sequence, 2, -1 do
  local j = math.random(i)
  sequence[i], sequence[j] = sequence[j], sequence[i]
end

local kind = os.getenv("KIND")
request = function()
  sent = sent + 1
  if kind == "mix" then return sequence[(sent - 1) % #sequence + 1]() end
  return kinds[kind]()
end

local answered = 0
if count then
  response = function()
    answered = answered + 1
    if answered >= count then os.exit(0) end
  end
end
