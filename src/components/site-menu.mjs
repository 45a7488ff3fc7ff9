{
  const header = document.getElementById('site-header');
  const menu = header?.querySelector('.menu-toggle');
  const toggles = [...(header?.querySelectorAll('.sub-toggle') ?? [])];
  const setOpen = (button, open) => {
    button.setAttribute('aria-expanded', String(open));
    button.closest('li')?.classList.toggle('open', open);
  };
  const closeAll = (except) => toggles.forEach((b) => b !== except && setOpen(b, false));
  menu?.addEventListener('click', () => {
    const open = header.classList.toggle('nav-open');
    menu.setAttribute('aria-expanded', String(open));
  });
  for (const button of toggles) {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      closeAll(button);
      setOpen(button, open);
    });
  }
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const open = toggles.find((b) => b.getAttribute('aria-expanded') === 'true');
    if (open) {
      setOpen(open, false);
      open.focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (!header?.contains(e.target)) closeAll();
  });
  header?.addEventListener('focusout', (e) => {
    const li = e.target.closest('li.has-menu');
    const to = e.relatedTarget;
    if (li && (!to || !li.contains(to))) {
      const b = li.querySelector('.sub-toggle');
      if (b) setOpen(b, false);
    }
  });
}
