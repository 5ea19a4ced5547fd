-- Headless Neovim (0.7+) editing a site with navlint as its language server, as a user does:
-- completion with the built-in omnifunc (<C-x><C-o>, <C-n> to the item, <C-y>) and quick fixes
-- with vim.lsp.buf.code_action(). The steps come as JSON in $NAVLINT_STEPS; after each one the
-- buffer's text (and the menu or the actions offered) go to $NAVLINT_OUT as JSON.
--   { file, text, complete = label }                 text: the buffer, "|" where the cursor is
--   { file, text, action = title, diagnostics = "none" }  "none": an empty context.diagnostics
local root = os.getenv('NAVLINT_SITE')
local steps = vim.fn.json_decode(os.getenv('NAVLINT_STEPS'))
local client_id = vim.lsp.start_client({
  name = 'navlint',
  cmd = { os.getenv('NAVLINT_NODE'), os.getenv('NAVLINT_BIN'), 'lsp', '--stdio' },
  root_dir = root,
})
vim.o.hidden = true
vim.o.completeopt = 'menuone,noinsert,noselect'
local keys = function(k) return vim.api.nvim_replace_termcodes(k, true, false, true) end

-- Opens a file, attached to the server, with the step's text and the cursor at its "|".
local function prepare(step)
  local file = root .. '/' .. step.file
  if vim.api.nvim_buf_get_name(0) ~= file then vim.cmd('edit ' .. vim.fn.fnameescape(file)) end
  vim.lsp.buf_attach_client(0, client_id)
  -- The end of an unfinished file has no line break after it.
  vim.bo.fixendofline = false
  vim.bo.endofline = step.text:sub(-1) == '\n'
  vim.bo.omnifunc = 'v:lua.vim.lsp.omnifunc'
  local lines = vim.split(step.text, '\n', true)
  if lines[#lines] == '' then table.remove(lines) end
  local row, col
  for i, line in ipairs(lines) do
    local at = line:find('|', 1, true)
    if at then row, col, lines[i] = i, at - 1, line:sub(1, at - 1) .. line:sub(at + 1) end
  end
  vim.api.nvim_buf_set_lines(0, 0, -1, false, lines)
  return row, col, #lines[row]
end

local function text()
  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n') .. (vim.bo.endofline and '\n' or '')
end

local function complete(step)
  local row, col, length = prepare(step)
  local result = { menu = {} }
  local timer = vim.loop.new_timer()
  local deadline = vim.loop.now() + 20000
  timer:start(50, 50, vim.schedule_wrap(function()
    local items = vim.fn.complete_info({ 'items' }).items
    if #items == 0 and vim.loop.now() < deadline then return end
    timer:stop()
    local index
    for i, item in ipairs(items) do
      table.insert(result.menu, item.abbr)
      if item.abbr == step.complete then index = i end
    end
    vim.api.nvim_feedkeys(index and keys(string.rep('<C-n>', index) .. '<C-y><Esc>') or keys('<C-e><Esc>'), 'n', false)
  end))
  -- Insert mode at the cursor: before the character under it, or after the last one.
  if col < length then
    vim.api.nvim_win_set_cursor(0, { row, col })
    vim.api.nvim_feedkeys(keys('i<C-x><C-o>'), 'x!', false)
  else
    vim.api.nvim_win_set_cursor(0, { row, math.max(col - 1, 0) })
    vim.api.nvim_feedkeys(keys((length == 0 and 'i' or 'a') .. '<C-x><C-o>'), 'x!', false)
  end
  result.text = text()
  return result
end

local function action(step)
  local row, col = prepare(step)
  vim.api.nvim_win_set_cursor(0, { row, col })
  local result = {}
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    result.titles = {}
    local chosen
    for i, item in ipairs(items) do
      local title = opts.format_item(item)
      table.insert(result.titles, title)
      if title == step.action then chosen = i end
    end
    on_choice(chosen and items[chosen], chosen)
  end
  vim.lsp.buf.code_action(step.diagnostics == 'none' and { diagnostics = {} } or nil)
  vim.wait(20000, function() return result.titles ~= nil end, 20)
  vim.ui.select = select
  result.text = text()
  return result
end

vim.wait(20000, function() return vim.lsp.get_client_by_id(client_id) and vim.lsp.get_client_by_id(client_id).initialized end, 50)
local results = {}
local ok, error = pcall(function()
  for _, step in ipairs(steps) do
    table.insert(results, step.complete and complete(step) or action(step))
  end
end)
if not ok then io.stderr:write(tostring(error) .. '\n') end
vim.fn.writefile({ vim.fn.json_encode(results) }, os.getenv('NAVLINT_OUT'))
vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd(ok and 'qa!' or 'cq!')
