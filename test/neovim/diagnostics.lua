-- Headless Neovim (0.7+) as a real LSP client of navlint: open docs.json, wait for the server's
-- diagnostics, save, then fix the typo; write the diagnostics, every publish for docs.json (its
-- version and count) and the buffer's versions as JSON to $NAVLINT_OUT, quit.
-- vim.lsp.start came in 0.8, so start_client.
local root = os.getenv('NAVLINT_SITE')
local out = os.getenv('NAVLINT_OUT')
local published = {}
local handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri:match('/docs%.json$') then table.insert(published, { version = result.version or vim.NIL, count = #result.diagnostics }) end
  return handler(err, result, ctx, config)
end
local client_id = vim.lsp.start_client({
  name = 'navlint',
  cmd = { os.getenv('NAVLINT_NODE'), os.getenv('NAVLINT_BIN'), 'lsp', '--stdio' },
  root_dir = root,
})
vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/docs.json'))
local buffer = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buffer, client_id)
-- The server's first publish for the buffer as opened (with its version).
local function versioned()
  for _, p in ipairs(published) do if p.version ~= vim.NIL then return true end end
  return false
end
vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 and versioned() end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(diagnostics, {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, source = d.source, message = d.message, code = lsp.code,
  })
end
local versions = { vim.lsp.util.buf_versions[buffer] }
-- Saving changes nothing navlint says: nothing is published. The fix that follows is.
vim.cmd('write')
local line = vim.api.nvim_buf_get_lines(buffer, 3, 4, true)[1]
vim.api.nvim_buf_set_lines(buffer, 3, 4, true, { (line:gsub('quikstart', 'quickstart')) })
table.insert(versions, vim.lsp.util.buf_versions[buffer])
vim.wait(15000, function() return published[#published].count == 1 end, 50)
vim.fn.writefile({ vim.fn.json_encode({ diagnostics = diagnostics, published = published, versions = versions }) }, out)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd('qa!')
