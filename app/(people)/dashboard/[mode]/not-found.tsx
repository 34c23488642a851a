import { shellWords } from './member';
import ui from './ui.module.css';

/**
 * What a dashboard page shows for something that is not there (deleted, another business's, the
 * other mode's): inside the dashboard's frame, with a way back, rather than the bare 404.
 */
export default async function DashboardNotFound() {
  const words = await shellWords();
  return (
    <>
      <h1 className={ui.title}>{words.not_found_title}</h1>
      <p>{words.not_found_lead}</p>
      <p>
        <a className={ui.link} href="/dashboard">
          {words.not_found_home}
        </a>
      </p>
    </>
  );
}
