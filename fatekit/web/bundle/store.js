/* fatekit page bundle of sources 5e647b82983c573a19e819e1a4f13bc7c97e02e8f239f8e6e89cc0a473209812 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-G5Y3GUII.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
