import '@hiram/shared/styles/base.css';
import './site.css';
import { mount } from '../common/mount';
import { SitePage } from './SitePage';

mount(SitePage);
