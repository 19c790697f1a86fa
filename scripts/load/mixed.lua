-- wrk script for scripts/load-test.sh: a mix of lzf, gzip and identity GETs of /api/static and
-- compressed POSTs to /api/echo. Every response body is compared with the reference bodies that
-- load_test.py fetched and checked by decoding (the server's encoders are deterministic), so a
-- wrong body is counted, not just a wrong status.
local dir = os.getenv("LOAD_REFERENCES")

local function read(name)
  local file = assert(io.open(dir .. "/" .. name, "rb"))
  local data = file:read("*a")
  file:close()
  return data
end

local requests = {}
local expected = {}
local threads = {}

local function add(method, path, headers, body)
  table.insert(requests, wrk.format(method, path, headers, body))
end

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  -- a valid response body, keyed by its bytes, with the Content-Encoding it must come with
  expected[read("static.json")] = ""
  expected[read("static.lzf")] = "lzf"
  expected[read("static.gz")] = "gzip"
  expected[read("echo.json")] = ""
  expected[read("echo.json.lzf")] = "lzf"
  expected[read("echo.json.gz")] = "gzip"
  add("GET", "/api/static", { ["Accept-Encoding"] = "lzf" })
  add("GET", "/api/static", { ["Accept-Encoding"] = "gzip" })
  add("GET", "/api/static", { ["Accept-Encoding"] = "identity" })
  add("POST", "/api/echo", { ["Content-Type"] = "application/json", ["Content-Encoding"] = "lzf",
    ["Accept-Encoding"] = "identity" }, read("echo.json.lzf"))
  add("POST", "/api/echo", { ["Content-Type"] = "application/json", ["Content-Encoding"] = "gzip",
    ["Accept-Encoding"] = "lzf" }, read("echo.json.gz"))
  add("POST", "/api/echo", { ["Content-Type"] = "application/json", ["Content-Encoding"] = "lzf",
    ["Accept-Encoding"] = "gzip" }, read("echo.json.lzf"))
  index = math.random(#requests)
  wrong = 0
  checked = 0
end

function request()
  index = index % #requests + 1
  return requests[index]
end

function response(status, headers, body)
  checked = checked + 1
  local coding = expected[body]
  if status ~= 200 or coding == nil or (headers["Content-Encoding"] or "") ~= coding then
    wrong = wrong + 1
  end
end

function done(summary, latency, requests)
  local wrong_total, checked_total = 0, 0
  for _, thread in ipairs(threads) do
    wrong_total = wrong_total + thread:get("wrong")
    checked_total = checked_total + thread:get("checked")
  end
  local errors = summary.errors
  io.write(string.format("RESULT requests=%d checked=%d wrong=%d connect_errors=%d read_errors=%d " ..
    "write_errors=%d timeouts=%d non2xx=%d bytes=%d seconds=%.1f p50_ms=%.1f p99_ms=%.1f\n",
    summary.requests, checked_total, wrong_total, errors.connect, errors.read, errors.write, errors.timeout,
    errors.status, summary.bytes, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3))
end
