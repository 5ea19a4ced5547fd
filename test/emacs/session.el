;;; session.el --- Emacs 28 + eglot 1.9 editing a site with navlint as its language server  -*- lexical-binding: t -*-
;; Run by test/emacs.test.ts: emacs --batch -Q -l session.el. The steps come as JSON in
;; $NAVLINT_STEPS (see test/editors.ts); after each one the buffer's text, and the completion
;; menu or the code actions offered, go to $NAVLINT_OUT as JSON.
;; Completion is accepted as completion-at-point does it (the candidate replaces the capf's
;; region, then its :exit-function runs); a code action is picked by title in eglot-code-actions.
(require 'cl-lib)
(require 'json)
;; -Q leaves out Debian's start-up, which activates the packages apt installed (eglot, project, xref).
(require 'package)
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
;; Without steps: the tests' probe of whether Emacs and eglot are there.
(unless (getenv "NAVLINT_STEPS") (kill-emacs 0))

(defvar navlint-root (file-name-as-directory (getenv "NAVLINT_SITE")))
(setq eglot-sync-connect t
      eglot-connect-timeout 60
      eglot-autoshutdown nil
      make-backup-files nil)
;; The site is one project (as a git checkout would be), so one server manages docs.json and the pages.
(add-hook 'project-find-functions
          (lambda (dir) (when (string-prefix-p navlint-root (file-name-as-directory (expand-file-name dir))) (cons 'transient navlint-root))))
(add-to-list 'eglot-server-programs `(js-mode . (,(getenv "NAVLINT_NODE") ,(getenv "NAVLINT_BIN") "lsp" "--stdio")))

(defun navlint-prepare (step)
  "Visit the step's file in js-mode under eglot, with its text and point at its \"|\"."
  (let ((file (expand-file-name (plist-get step :file) navlint-root))
        (text (plist-get step :text)))
    (set-buffer (find-file-noselect file))
    (unless (eq major-mode 'js-mode) (js-mode))
    (unless (eglot-current-server) (apply #'eglot (eglot--guess-contact)))
    (erase-buffer)
    (insert (replace-regexp-in-string "|" "" text t t))
    (goto-char (1+ (string-match-p "|" text)))))

(defun navlint-text ()
  (buffer-substring-no-properties (point-min) (point-max)))

(defun navlint-complete (step)
  (navlint-prepare step)
  (let* ((capf (eglot-completion-at-point))
         (beg (nth 0 capf))
         (end (nth 1 capf))
         (table (nth 2 capf))
         (props (nthcdr 3 capf))
         (sort (alist-get 'display-sort-function (cdr (funcall table "" nil 'metadata))))
         (menu (funcall sort (all-completions (buffer-substring-no-properties beg (point)) table)))
         (choice (cl-find (plist-get step :complete) menu :test #'string=)))
    (when choice
      (delete-region beg end)
      (goto-char beg)
      (insert choice)
      (funcall (plist-get props :exit-function) choice 'finished))
    `((menu . ,(vconcat (mapcar #'substring-no-properties menu))) (text . ,(navlint-text)))))

(defun navlint-action (step)
  (navlint-prepare step)
  (let ((titles nil)
        ;; Not a mouse event: eglot asks with completing-read, not a popup menu.
        (last-nonmenu-event 13))
    (cl-letf (((symbol-function 'completing-read)
               (lambda (_prompt collection &rest _)
                 (setq titles (mapcar #'car collection))
                 (plist-get step :action)))
              ((symbol-function 'flymake-diagnostics)
               (let ((diagnostics (symbol-function 'flymake-diagnostics)))
                 (lambda (&rest args)
                   (unless (equal (plist-get step :diagnostics) "none") (apply diagnostics args))))))
      (eglot-code-actions (point) (point) nil t))
    `((titles . ,(vconcat titles)) (text . ,(navlint-text)))))

(let* ((json-object-type 'plist)
       (json-array-type 'list)
       (steps (json-read-from-string (getenv "NAVLINT_STEPS")))
       (outcomes nil)
       (status 0))
  (condition-case err
      (dolist (step steps)
        (push (if (plist-get step :complete) (navlint-complete step) (navlint-action step)) outcomes))
    (error (message "navlint session: %S" err) (setq status 1)))
  (with-temp-file (getenv "NAVLINT_OUT")
    (insert (json-encode (vconcat (nreverse outcomes)))))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs status))
