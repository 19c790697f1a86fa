-- wrk script for scripts/load-test.sh. load_check.py wrote the requests of the mix (requests.tsv:
-- method, path, header fields, the file of the body) and every body a response may carry, checked
-- by decoding where Python can, with its Content-Encoding (expected.tsv). A response is right when
-- its status is 200 and its body is one of them, with that body's Content-Encoding; responses are
-- counted per coding.
local dir = os.getenv("LOAD_REFERENCES")

local function read(name)
  local file = assert(io.open(dir .. "/" .. name, "rb"))
  local data = file:read("*a")
  file:close()
  return data
end

local function codings()
  local names, seen = {}, {}
  for line in io.lines(dir .. "/expected.tsv") do
    local coding = line:match("\t([^\t]+)$")
    if coding and not seen[coding] then
      seen[coding] = true
      table.insert(names, coding)
    end
  end
  table.sort(names)
  return names
end

local requests = {}
local expected = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(dir .. "/expected.tsv") do
    local name, coding = line:match("^([^\t]+)\t([^\t]+)$")
    if name then
      expected[read(name)] = coding
    end
  end
  for line in io.lines(dir .. "/requests.tsv") do
    local method, path, fields, body_file = line:match("^([^\t]+)\t([^\t]+)\t([^\t]*)\t([^\t]+)$")
    if method then
      local headers = {}
      for field in fields:gmatch("[^|]+") do
        local name, value = field:match("^([^:]+): (.*)$")
        headers[name] = value
      end
      local body = nil
      if body_file ~= "-" then
        body = read(body_file)
      end
      table.insert(requests, wrk.format(method, path, headers, body))
    end
  end
  for _, coding in ipairs(codings()) do
    _G["count_" .. coding] = 0
  end
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
  if status ~= 200 or coding == nil or (headers["Content-Encoding"] or "identity") ~= coding then
    wrong = wrong + 1
  else
    _G["count_" .. coding] = _G["count_" .. coding] + 1
  end
end

function done(summary, latency, requests)
  local wrong_total, checked_total = 0, 0
  for _, thread in ipairs(threads) do
    wrong_total = wrong_total + thread:get("wrong")
    checked_total = checked_total + thread:get("checked")
  end
  local counts = {}
  for _, coding in ipairs(codings()) do
    local count = 0
    for _, thread in ipairs(threads) do
      count = count + thread:get("count_" .. coding)
    end
    table.insert(counts, coding .. "=" .. count)
  end
  io.write("CODINGS " .. table.concat(counts, " ") .. "\n")
  local errors = summary.errors
  io.write(string.format("RESULT requests=%d checked=%d wrong=%d connect_errors=%d read_errors=%d " ..
    "write_errors=%d timeouts=%d non2xx=%d bytes=%d seconds=%.1f p50_ms=%.1f p99_ms=%.1f\n",
    summary.requests, checked_total, wrong_total, errors.connect, errors.read, errors.write, errors.timeout,
    errors.status, summary.bytes, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(99) / 1e3))
end
