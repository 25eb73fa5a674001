import { Fragment } from 'react';
import { Modal } from '../ui/Modal';
import { SHORTCUTS } from './shortcuts';
import './palette.scss';

/** The keyboard map behind `?`: every shortcut that works, by where it works. */
export function KeyboardMap({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <div className="keyboard-map">
        {SHORTCUTS.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <h3 className="p-heading--5">{section.title}</h3>
            <dl className="p-list">
              {section.shortcuts.map((shortcut) => (
                <div key={shortcut.what} className="p-list__item">
                  <dt>
                    {shortcut.keys.map((combination, at) => (
                      <Fragment key={combination.join('+')}>
                        {at > 0 && ' or '}
                        {combination.map((key, i) => (
                          <Fragment key={key}>
                            {i > 0 && '+'}
                            <kbd>{key}</kbd>
                          </Fragment>
                        ))}
                      </Fragment>
                    ))}
                  </dt>
                  <dd>{shortcut.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
