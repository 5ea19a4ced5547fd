-- Headless Neovim (0.7+) as a real LSP client of navlint: open docs.json, wait for the server's
-- diagnostics, write them as JSON to $NAVLINT_OUT, quit. vim.lsp.start came in 0.8, so start_client.
local root = os.getenv('NAVLINT_SITE')
local out = os.getenv('NAVLINT_OUT')
local client_id = vim.lsp.start_client({
  name = 'navlint',
  cmd = { os.getenv('NAVLINT_NODE'), os.getenv('NAVLINT_BIN'), 'lsp', '--stdio' },
  root_dir = root,
})
vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/docs.json'))
vim.lsp.buf_attach_client(0, client_id)
vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(diagnostics, {
    lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
    severity = d.severity, source = d.source, message = d.message, code = lsp.code,
  })
end
vim.fn.writefile({ vim.fn.json_encode(diagnostics) }, out)
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd('qa!')
