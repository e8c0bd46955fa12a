-- End-to-end test of `syncproof lsp` with Neovim's built-in LSP client
-- (Neovim 0.7, Debian 12: vim.lsp.start_client + vim.lsp.buf_attach_client).
-- Run by tests/lsp_test.cpp (Lsp.NeovimEndToEnd):
--   SYNCPROOF_BIN=... LSP_FILE=<copy of transpose_missing_sync.cu> LSP_RESULT=<file> \
--     nvim --headless -u NONE -c "luafile tests/lsp/nvim_e2e.lua"
-- Opens the file, waits for the race diagnostic, inserts the missing
-- __syncthreads(), saves, waits for the diagnostics to clear. Writes "OK" or
-- the failure to $LSP_RESULT; exits 0 on success, non-zero otherwise. Every
-- step is guarded (pcall, timeouts) so that a failure cannot hang.

local result_file = os.getenv("LSP_RESULT")
local timeout_ms = tonumber(os.getenv("LSP_TIMEOUT_MS") or "90000")

local function finish(ok, msg)
  if result_file then
    local f = io.open(result_file, "w")
    if f then
      f:write((ok and "OK" or "FAIL") .. ": " .. msg .. "\n")
      f:close()
    end
  end
  io.stderr:write("nvim_e2e: " .. (ok and "OK" or "FAIL") .. ": " .. msg .. "\n")
  if ok then vim.cmd("qall!") else vim.cmd("cquit 1") end
end

-- A safety net: whatever happens, leave after the overall timeout.
local timer = vim.loop.new_timer()
timer:start(timeout_ms + 30000, 0, vim.schedule_wrap(function() finish(false, "overall timeout") end))

local function code_of(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
end

local ok, err = pcall(function()
  local bin = assert(os.getenv("SYNCPROOF_BIN"), "SYNCPROOF_BIN not set")
  local file = assert(os.getenv("LSP_FILE"), "LSP_FILE not set")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client = vim.lsp.start_client({
    name = "syncproof",
    cmd = { bin, "lsp", "--debounce-ms=200" },
    root_dir = vim.fn.fnamemodify(file, ":p:h"),
  })
  assert(client, "vim.lsp.start_client failed")
  assert(vim.lsp.buf_attach_client(buf, client), "vim.lsp.buf_attach_client failed")

  -- 1. The race is reported.
  local got = vim.wait(timeout_ms, function() return #vim.diagnostic.get(buf) > 0 end, 100)
  assert(got, "no diagnostics within " .. timeout_ms .. " ms")
  local race
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if code_of(d) == "race" then race = d end
  end
  assert(race, "no diagnostic with code 'race'; got: " .. vim.inspect(vim.diagnostic.get(buf)))
  -- Line 12 of the file (0-based 11): tile[ty][tx] = in[y * n + x];
  assert(race.lnum == 11, "race diagnostic on line " .. race.lnum .. ", expected 11")
  assert(race.severity == vim.diagnostic.severity.ERROR, "race diagnostic is not an error")
  assert(race.source == "syncproof", "source is " .. tostring(race.source))
  assert(race.message:find("data race on 'tile'", 1, true), "message: " .. race.message)

  -- 2. Fix it: a barrier between filling the tile and reading it; save.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local at
  for i, l in ipairs(lines) do
    if l:find("x = blockIdx.y * TILE + tx;", 1, true) then at = i end
  end
  assert(at, "cannot find the line to insert the barrier before")
  vim.api.nvim_buf_set_lines(buf, at - 1, at - 1, false, { "  __syncthreads();" })
  vim.cmd("write")

  -- 3. The diagnostics clear.
  local cleared = vim.wait(timeout_ms, function() return #vim.diagnostic.get(buf) == 0 end, 100)
  assert(cleared, "diagnostics not cleared after the fix: " .. vim.inspect(vim.diagnostic.get(buf)))

  vim.lsp.stop_client(client)
end)

if ok then finish(true, "race reported, then cleared after the fix") else finish(false, tostring(err)) end
