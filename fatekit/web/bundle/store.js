/* fatekit page bundle of sources 0bb9360d6601becc1d17981b2498c39ce7dae290dcda2a51251199d6d1b69db7 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j}from"./chunk-ZQH5JQRP.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
